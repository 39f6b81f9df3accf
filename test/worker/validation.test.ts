/**
 * Input validation at the edge, pinned after a review found loose spots: deadline bounds, names
 * and titles with control, bidi and zero-width characters (lengths in code points), request bodies
 * that are not JSON objects, option names valibot would drop (`__proto__`), e-mail on bot seats,
 * real-world addresses, and the bearer scheme's case.
 */
import { describe, expect, it } from 'vitest';
import { api, create, freshIp, info } from './helpers';

const two = { rules: 'classic', seats: [{ kind: 'human' }, { kind: 'human' }] };

/** POST /api/matches from a fresh client address (the creation limit is per client). */
function post(body: Record<string, unknown>) {
  return api('/api/matches', { body, ip: freshIp() });
}

/** POST /api/matches with a raw JSON text. */
function postRaw(raw: string) {
  return api('/api/matches', { raw, ip: freshIp() });
}

describe('deadline bounds', () => {
  it('a turn deadline is 0 (none) or 1 to 720 hours: tiny values that would play a match by timeouts are refused', async () => {
    for (const bad of [1e-9, 5e-324, 0.5, 0.99, -1, 720.5, 721]) {
      const r = await post({ ...two, turnDeadlineHours: bad });
      expect(r.status, String(bad)).toBe(400);
      expect(r.body.error.code).toBe('request.invalid');
    }
    for (const ok of [0, 1, 24, 720]) {
      const r = await post({ ...two, turnDeadlineHours: ok });
      expect(r.status, String(ok)).toBe(201);
    }
  });

  it('a response window is 1 to 10080 minutes', async () => {
    for (const bad of [0, 0.05, 0.5, 10081]) {
      expect((await post({ ...two, responseWindowMinutes: bad })).status, String(bad)).toBe(400);
    }
    for (const ok of [1, 60, 10080]) {
      expect((await post({ ...two, responseWindowMinutes: ok })).status, String(ok)).toBe(201);
    }
  });
});

describe('names and titles', () => {
  const named = (name: string) => ({
    ...two,
    seats: [
      { kind: 'human', name },
      { kind: 'human', name: 'Bob' },
    ],
  });

  it('control characters and lone surrogates are refused in names, titles and claims', async () => {
    for (const bad of [
      'Bo\u0000b',
      'Bob\r\nX-Evil: 1',
      'Bob\u0007',
      'B\tob',
      '\ud800Bob',
      'Bob\udc00',
      'a\u2028b',
      'a\u0085b',
    ]) {
      expect((await post(named(bad))).status, JSON.stringify(bad)).toBe(400);
      expect((await post({ ...two, title: `Friday ${bad}` })).status, JSON.stringify(bad)).toBe(400);
    }
    const m = await create({ rules: 'classic', seats: [{ kind: 'human' }, { kind: 'open' }] });
    const claim = await api(`/api/matches/${m.id}/claim`, { body: { invite: m.invite, name: 'Eve\r\n' } });
    expect(claim.status).toBe(400);
  });

  it('bidi overrides and zero-width characters are stripped, and the rest is trimmed', async () => {
    const r = await post({
      ...named('  \u202eAnn\u200b\u2066 '),
      title: '\u202e Friday\u200d night\ufeff ',
    });
    expect(r.status).toBe(201);
    expect(r.body.seats[0].name).toBe('Ann');
    const m = await create(named('Zo\u200be'));
    const i = await info(m);
    expect(i.seats[0].name).toBe('Zoe');
    expect((await api(`/api/matches/${r.body.matchId}`)).body.title).toBe('Friday night');
  });

  it('a name that is empty once trimmed and stripped is refused; an empty title becomes the default', async () => {
    for (const bad of ['', '   ', '\u200b', '\u202e\u202c', '\u3164']) {
      expect((await post(named(bad))).status, JSON.stringify(bad)).toBe(400);
    }
    const r = await post({ ...two, title: ' \u200b ' });
    expect(r.status).toBe(201);
    expect((await api(`/api/matches/${r.body.matchId}`)).body.title).toBe('Mille Bornes');
  });

  it('lengths count code points, not UTF-16 units', async () => {
    expect((await post(named('🚗'.repeat(40)))).status).toBe(201);
    expect((await post(named('🚗'.repeat(41)))).status).toBe(400);
    expect((await post({ ...two, title: '🏁'.repeat(80) })).status).toBe(201);
    expect((await post({ ...two, title: '🏁'.repeat(81) })).status).toBe(400);
  });
});

describe('request bodies', () => {
  it('a JSON array is not an object: /settings refuses []', async () => {
    const m = await create(two);
    const r = await api(`/api/matches/${m.id}/settings`, { token: m.seats[0], raw: '[]' });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('request.invalid');
    expect((await api('/api/matches', { raw: '[]', ip: freshIp() })).status).toBe(400);
  });

  it('start refuses a body that is not JSON (any content type); {} and an empty body are fine', async () => {
    const lobby = { rules: 'classic', seats: [{ kind: 'human' }, { kind: 'open' }] };
    const m = await create(lobby);
    const textPlain = await api(`/api/matches/${m.id}/start`, {
      token: m.host,
      raw: 'garbage',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(textPlain.status).toBe(400);
    expect(textPlain.body.error.code).toBe('request.malformed');
    const jsonGarbage = await api(`/api/matches/${m.id}/start`, { token: m.host, raw: '{garbage' });
    expect(jsonGarbage.status).toBe(400);
    expect(jsonGarbage.body.error.code).toBe('request.malformed');
    // JSON sent as text/plain is refused too: the content type must say JSON.
    const plainJson = await api(`/api/matches/${m.id}/settings`, {
      token: m.seats[0],
      raw: '{"responseMode":"ask"}',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(plainJson.status).toBe(400);
    expect((await info(m, m.seats[0])).seats[0].responseMode).toBe('auto');
    expect((await info(m)).status).toBe('lobby');
    const empty = await api(`/api/matches/${m.id}/start`, { method: 'POST', token: m.host });
    expect(empty.status).toBe(200);
    const m2 = await create(lobby);
    expect((await api(`/api/matches/${m2.id}/start`, { token: m2.host, body: {} })).status).toBe(200);
  });

  it('an option named __proto__ (or constructor) is refused as an unknown option, not dropped', async () => {
    const seats = '[{"kind":"human"},{"kind":"human"}]';
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      const r = await postRaw(
        `{"rules":{"preset":"classic","options":{"${name}":{"a":1}}},"seats":${seats}}`,
      );
      expect(r.status, name).toBe(400);
      expect(JSON.stringify(r.body.error), JSON.stringify(r.body)).toContain('unknown option');
    }
    const top = await postRaw(`{"rules":"classic","seats":${seats},"__proto__":{"x":1}}`);
    expect(top.status).toBe(400);
    const seat = await postRaw(
      `{"rules":"classic","seats":[{"kind":"human","__proto__":{}},{"kind":"bot"}]}`,
    );
    expect(seat.status).toBe(400);
    const options = await post({ ...two, rules: { preset: 'classic', options: [] } });
    expect(options.status).toBe(400);
  });

  it('an e-mail address on a bot or open seat is refused, not discarded', async () => {
    for (const kind of ['bot', 'open']) {
      const r = await post({
        rules: 'classic',
        seats: [{ kind: 'human' }, { kind, email: 'x@example.org' }],
      });
      expect(r.status, kind).toBe(400);
    }
  });

  it('the bearer scheme is case-insensitive', async () => {
    const m = await create(two);
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const r = await api(`/api/matches/${m.id}`, { headers: { Authorization: `${scheme} ${m.seats[1]}` } });
      expect(r.status).toBe(200);
      expect(r.body.you.seat, scheme).toBe(1);
    }
  });
});

describe('e-mail addresses', () => {
  it('real addresses are accepted: punycode domains, apostrophes, plus tags', async () => {
    for (const email of ['a@xn--bcher-kva.ch', "o'brien@example.org", 'anna+mb@mail.example.co.uk']) {
      const r = await post({ rules: 'classic', seats: [{ kind: 'human', email }, { kind: 'human' }] });
      expect(r.status, email).toBe(201);
    }
    const m = await create(two);
    const s = await api(`/api/matches/${m.id}/settings`, {
      token: m.seats[1],
      body: { email: "o'brien@xn--bcher-kva.ch" },
    });
    expect(s.status).toBe(200);
    expect(s.body.settings.hasEmail).toBe(true);
  });

  it('addresses that could carry a header stay refused', async () => {
    for (const email of [
      'a@example.org\r\nBcc: x@y.z',
      'a b@example.org',
      '<a@example.org>',
      'a@example.org,b@example.org',
      '"a"@example.org',
    ]) {
      const r = await post({ rules: 'classic', seats: [{ kind: 'human', email }, { kind: 'human' }] });
      expect(r.status, email).toBe(400);
    }
  });
});
