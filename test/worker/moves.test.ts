/**
 * The move endpoint's contract: idempotent retries by move id, 409 for a stale version with the
 * current info, 422 with the engine's code for an illegal move, 400 for bad JSON, unknown fields and
 * oversized bodies, 403 for spectators, and no input ever answered with a 500 or changing the match.
 * Also ETag / If-None-Match on the view.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annAndBob, api, info, logRows, move, type TestMatch } from './helpers';

const twoPlayers = (): Promise<TestMatch> => annAndBob('moves', 'classic', ['d75', 'd200']);

describe('moves', () => {
  it('a retry with the same move id returns the same outcome and changes nothing', async () => {
    const m = await twoPlayers();
    const v0 = (await info(m, m.seats[0])).view!.version;
    const first = await move(
      m,
      m.seats[0]!,
      { type: 'play', card: 'roll' },
      { version: v0, moveId: 'ann-1' },
    );
    expect(first.status).toBe(200);
    const rows = await logRows(m);
    const after = (await info(m, m.seats[0])).view!.version;
    for (let i = 0; i < 3; i++) {
      const again = await move(
        m,
        m.seats[0]!,
        { type: 'play', card: 'roll' },
        { version: v0, moveId: 'ann-1' },
      );
      expect(again.status).toBe(200);
      expect(again.body.events).toEqual(first.body.events.slice(0, again.body.events.length));
      expect(again.body.info.view.version).toBe(after);
    }
    expect(await logRows(m)).toBe(rows);
  });

  it('a stale version gets 409 with the current info', async () => {
    const m = await twoPlayers();
    const v0 = (await info(m, m.seats[0])).view!.version;
    expect((await move(m, m.seats[0]!, { type: 'play', card: 'roll' }, { version: v0 })).status).toBe(200);
    const bob = await info(m, m.seats[1]);
    const stale = await move(m, m.seats[1]!, { type: 'play', card: 'roll' }, { version: v0 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('version.stale');
    expect(stale.body.info.view.version).toBe(bob.view!.version);
    expect(stale.body.info.view.hand).toEqual(bob.view!.hand);
  });

  it('an illegal move gets 422 with the engine’s code and changes nothing', async () => {
    const m = await twoPlayers();
    const before = await info(m, m.seats[0]);
    const rows = await logRows(m);
    const r = await move(m, m.seats[0]!, { type: 'play', card: 'd100' }, { version: before.view!.version });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('distance.not_rolling');
    expect(typeof r.body.error.message).toBe('string');
    const notYours = await move(
      m,
      m.seats[1]!,
      { type: 'play', card: 'roll' },
      { version: before.view!.version },
    );
    expect(notYours.status).toBe(422);
    expect(notYours.body.error.code).toBe('turn.not_yours');
    expect((await info(m, m.seats[0])).view!.version).toBe(before.view!.version);
    expect(await logRows(m)).toBe(rows);
  });

  it('bad JSON, unknown fields, wrong shapes and oversized bodies get 400; spectators 403', async () => {
    const m = await twoPlayers();
    const t = m.seats[0]!;
    const path = `/api/matches/${m.id}/moves`;
    const version = (await info(m, t)).view!.version;
    const cases: Array<[string, { raw?: string; body?: unknown }]> = [
      ['bad json', { raw: '{"version": 1,' }],
      ['unknown field', { body: { version, moveId: 'x', move: { type: 'pass' }, extra: 1 } }],
      [
        'unknown move field',
        { body: { version, moveId: 'x', move: { type: 'play', card: 'roll', hack: true } } },
      ],
      ['unknown card', { body: { version, moveId: 'x', move: { type: 'play', card: 'joker' } } }],
      // The wire bounds the engine's move shape: a target seat 0–7, a mulligan of 1–7 cards.
      [
        'target past seat 7',
        { body: { version, moveId: 'x', move: { type: 'play', card: 'stop', target: 8 } } },
      ],
      [
        'negative target',
        { body: { version, moveId: 'x', move: { type: 'play', card: 'stop', target: -1 } } },
      ],
      ['empty mulligan', { body: { version, moveId: 'x', move: { type: 'mulligan', cards: [] } } }],
      [
        'mulligan of eight cards',
        { body: { version, moveId: 'x', move: { type: 'mulligan', cards: Array(8).fill('d25') } } },
      ],
      [
        'coup fourré without a safety',
        { body: { version, moveId: 'x', move: { type: 'coupFourre', card: 'roll' } } },
      ],
      ['move not an object', { body: { version, moveId: 'x', move: ['pass'] } }],
      ['missing move id', { body: { version, move: { type: 'pass' } } }],
      ['negative version', { body: { version: -1, moveId: 'x', move: { type: 'pass' } } }],
      [
        'oversized',
        { raw: JSON.stringify({ version, moveId: 'x', move: { type: 'pass' }, pad: 'x'.repeat(20_000) }) },
      ],
    ];
    for (const [name, c] of cases) {
      const r = await api(path, { token: t, ...c });
      expect(r.status, name).toBe(400);
      expect(r.body.error.code, name).toMatch(/^request\./);
    }
    // A malformed move is named by the engine's own reading of a move (parseMove).
    const joker = await api(path, {
      token: t,
      body: { version, moveId: 'x', move: { type: 'play', card: 'joker' } },
    });
    expect(joker.body.error).toEqual({
      code: 'request.invalid',
      message: 'Invalid request json.',
      issues: ['move: Malformed move: unknown card.'],
    });
    const spectator = await api(path, {
      body: { version, moveId: 'x', move: { type: 'play', card: 'roll' } },
    });
    expect(spectator.status).toBe(403);
    const badToken = await api(path, {
      token: 'A'.repeat(43),
      body: { version, moveId: 'x', move: { type: 'pass' } },
    });
    expect(badToken.status).toBe(403);
    expect((await info(m, t)).view!.version).toBe(version);
  });

  it('no input causes a 500 or changes the match (random bodies)', async () => {
    const m = await twoPlayers();
    const t = m.seats[0]!;
    const version = (await info(m, t)).view!.version;
    const rows = await logRows(m);
    const moveLike = fc.record(
      {
        type: fc.constantFrom(
          'draw',
          'play',
          'discard',
          'coupFourre',
          'pass',
          'mulligan',
          'extension',
          'nextHand',
          'x',
        ),
        card: fc.oneof(
          fc.constantFrom('d25', 'd200', 'stop', 'driving_ace', 'roll'),
          fc.string(),
          fc.integer(),
        ),
        target: fc.oneof(fc.integer({ min: -3, max: 9 }), fc.string()),
        cards: fc.array(fc.constantFrom('d25', 'stop', 'nope')),
        accept: fc.anything(),
      },
      { requiredKeys: ['type'] },
    );
    const body = fc.oneof(
      fc.record({
        version: fc.oneof(fc.constant(version + 1), fc.integer()),
        moveId: fc.string(),
        move: moveLike,
      }),
      fc.anything(),
      fc.json(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const raw = typeof b === 'string' ? b : JSON.stringify(b);
        const r = await api(`/api/matches/${m.id}/moves`, { token: t, raw: raw ?? 'undefined' });
        expect(r.status).toBeGreaterThanOrEqual(400);
        expect(r.status).toBeLessThan(500);
      }),
      { numRuns: 150, seed: 42 },
    );
    expect((await info(m, t)).view!.version).toBe(version);
    expect(await logRows(m)).toBe(rows);
  });

  it('GET answers 304 for a matching If-None-Match and a new ETag after a change', async () => {
    const m = await twoPlayers();
    const path = `/api/matches/${m.id}`;
    const first = await api(path, { token: m.seats[1] });
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^"v\d+-[0-9a-f]+"$/);
    const again = await api(path, { token: m.seats[1], headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    await move(m, m.seats[0]!, { type: 'play', card: 'roll' });
    const changed = await api(path, { token: m.seats[1], headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(etag);
  });

  it('unknown matches are 404 and malformed ids 400, never 500', async () => {
    expect((await api('/api/matches/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await api('/api/matches/bad id!')).status).toBe(400);
    expect((await api('/api/nothing')).status).toBe(404);
  });
});
