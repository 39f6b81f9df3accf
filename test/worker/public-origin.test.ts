/**
 * The public origin every link is made under (worker/env.ts `publicOrigin`): `PUBLIC_URL` as a
 * self-hoster writes it, with or without a trailing slash, gives the same origin, so no mail carries
 * `https://host//turn/…` (a path the Worker's `/turn/*` route would not take).
 */
import { describe, expect, it } from 'vitest';
import { publicOrigin } from '../../worker/env';

describe('the public origin of links', () => {
  it('drops trailing slashes from PUBLIC_URL, and from the fallback', () => {
    for (const url of ['https://mb.example.org', 'https://mb.example.org/', 'https://mb.example.org//'])
      expect(publicOrigin({ PUBLIC_URL: url })).toBe('https://mb.example.org');
    expect(publicOrigin({}, 'http://127.0.0.1:8787/')).toBe('http://127.0.0.1:8787');
    expect(publicOrigin({ PUBLIC_URL: 'https://mb.example.org/' }, 'http://other')).toBe(
      'https://mb.example.org',
    );
  });

  it('is empty without PUBLIC_URL and without a request (a Durable Object’s alarm)', () => {
    expect(publicOrigin({})).toBe('');
  });
});
