/**
 * The server-rendered pages' inline style sheet (worker/routes/page-style.ts): the CSP hash given for
 * it is its own, the Worker's policy allows it and no other inline style, and a page carries it whole
 * and nothing else of the kind (no style attribute, no stylesheet to fetch).
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/index';
import { PAGE_CSS, PAGE_STYLE_HASH } from '../../worker/routes/page-style';

/** The CSP source of `text`: its SHA-256 (UTF-8), base64, quoted. */
async function hashSource(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

describe('the pages’ inline style sheet', () => {
  it('is allowed by its own hash (change a rule, and put this hash in page-style.ts and _headers)', async () => {
    expect(PAGE_STYLE_HASH).toBe(await hashSource(PAGE_CSS));
  });

  it('is the only inline style a page has, and the policy allows nothing else inline', async () => {
    const res = await app.request('/no-such-page', {}, env);
    expect(res.status).toBe(404);
    const html = await res.text();
    const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]);
    expect(styles).toEqual([PAGE_CSS]);
    expect(html).not.toMatch(/\sstyle=|rel="stylesheet"/);
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    const styleSrc = /style-src ([^;]*)/.exec(csp)?.[1];
    expect(styleSrc).toBe(`'self' ${PAGE_STYLE_HASH}`);
    expect(csp).not.toContain('unsafe-inline');
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe("'self'");
  });
});
