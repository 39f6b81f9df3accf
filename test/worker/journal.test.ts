/**
 * The match journal in pages (`GET /api/matches/:id/journal?hand=N`): every hand's page holds that
 * hand's events and result, together they are the whole public log; bad hand numbers are 4xx JSON
 * errors; reading a page writes no row; the hand index survives eviction (snapshot plus the rows
 * after it), and a match stored before the index rebuilds it from the log.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fromHandStart } from '../../worker/decider/automatic';
import type { GameEvent } from '../../worker/engine/types';
import type { JournalPage } from '../../worker/match/journal';
import type { MoveLog } from '../../worker/match/log';
import type { LoggedEvent } from '../../worker/protocol/views';
import { annAndBob, api, create, playOut, stubOf, type TestMatch } from './helpers';
import { agreeRematch } from './rematch-helpers';

/** Short hands (a 100 km trip) to 1500 points: a few hands in a few dozen moves. */
const SHORT = { preset: 'classic', options: { goal: 100, matchTarget: 1500 } };

async function page(m: TestMatch, hand?: number): Promise<JournalPage> {
  const r = await api(`/api/matches/${m.id}/journal${hand === undefined ? '' : `?hand=${hand}`}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as JournalPage;
}

/** The whole public log (`/log`, paged by row). */
async function wholeLog(m: TestMatch): Promise<LoggedEvent[]> {
  const events: LoggedEvent[] = [];
  for (let after = 0; ; ) {
    const r = await api(`/api/matches/${m.id}/log?after=${after}`);
    if (r.body.events.length === 0) return events;
    events.push(...r.body.events);
    after = r.body.events.at(-1).seq;
  }
}

/** Every hand's page, oldest first. */
async function allPages(m: TestMatch): Promise<JournalPage[]> {
  const latest = await page(m);
  const pages: JournalPage[] = [];
  for (let h = 1; h <= latest.handsDealt; h++) pages.push(await page(m, h));
  return pages;
}

const rowsWritten = async (m: TestMatch) =>
  ((await api(`/dev/stats/${m.id}`)).body as { rowsWritten: number }).rowsWritten;

async function finishedMatch(seed: string): Promise<TestMatch> {
  const m = await annAndBob(seed, SHORT);
  await playOut(m, { seed: 3 });
  return m;
}

describe('the journal in pages', () => {
  it('each hand has its own page, with its result; together they are the whole log; reading writes no row', async () => {
    const m = await finishedMatch('journal-pages');
    const latest = await page(m);
    expect(latest.handsDealt).toBeGreaterThanOrEqual(2);
    expect(latest.hand).toBe(latest.handsDealt);
    const before = await rowsWritten(m);
    const pages = await allPages(m);
    expect(await rowsWritten(m)).toBe(before);
    expect(pages.at(-1)).toEqual(latest);
    const finalView = (await api(`/api/matches/${m.id}`)).body.view;
    pages.forEach((p, i) => {
      expect(p.hand).toBe(i + 1);
      expect(p.version).toBe(finalView.version);
      expect(p.result).toEqual(finalView.results[i]);
      // A hand after the first opens with its own start; each ends with its own end.
      if (i > 0) expect(p.events[0].event).toMatchObject({ type: 'handStarted', hand: i + 1 });
      const over = p.events.filter((e) => e.event.type === 'handOver');
      expect(over.map((e) => (e.event as { hand: number }).hand)).toEqual([i + 1]);
      expect(p.events.filter((e) => e.event.type === 'handStarted').length).toBe(i > 0 ? 1 : 0);
      for (const e of p.events) expect(typeof e.version).toBe('number');
    });
    expect(pages.flatMap((p) => p.events)).toEqual(await wholeLog(m));
  });

  it('a match in the lobby has no hands; unknown matches and bad hand numbers are 4xx JSON errors', async () => {
    const lobby = await create({
      rules: 'classic',
      seats: [{ kind: 'human', name: 'Ann' }, { kind: 'open' }],
    });
    expect(await page(lobby)).toEqual({ hand: 0, handsDealt: 0, events: [], result: null, version: 0 });
    const noHand = await api(`/api/matches/${lobby.id}/journal?hand=1`);
    expect(noHand.status).toBe(404);
    expect(noHand.body.error.code).toBe('journal.no_hand');

    const m = await annAndBob('journal-bad');
    for (const q of ['hand=0', 'hand=-1', 'hand=1.5', 'hand=x', 'hand=', 'hand=1234567', 'after=3']) {
      const r = await api(`/api/matches/${m.id}/journal?${q}`);
      expect(r.status, q).toBe(400);
      expect(typeof r.body.error.code, q).toBe('string');
      expect(typeof r.body.error.message, q).toBe('string');
    }
    const ahead = await api(`/api/matches/${m.id}/journal?hand=2`);
    expect(ahead.status).toBe(404);
    expect(ahead.body.error).toMatchObject({ code: 'journal.no_hand' });
    expect((await page(m, 1)).handsDealt).toBe(1);
    const unknown = await api('/api/matches/AAAAAAAAAAAAAAAAAAAAAA/journal');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('match.not_found');
  });

  it('the hand index is in the snapshot and learned from the rows after it on wake-up', async () => {
    const m = await finishedMatch('journal-evict');
    const pages = await allPages(m);
    const stored = await runInDurableObject(stubOf(m), (_i, s) =>
      s.storage.sql.exec<{ hand_starts: string | null }>('SELECT hand_starts FROM meta').one(),
    );
    expect(JSON.parse(stored.hand_starts!).length).toBeGreaterThanOrEqual(1);
    await evictDurableObject(stubOf(m));
    expect(await allPages(m)).toEqual(pages);
  });

  it('a match stored before the hand index rebuilds it once from the log, and the next snapshot stores it', async () => {
    const m = await finishedMatch('journal-legacy');
    const pages = await allPages(m);
    // The storage as the previous version left it: no column.
    await runInDurableObject(stubOf(m), (_i, s) => {
      s.storage.sql.exec('ALTER TABLE meta DROP COLUMN hand_starts');
    });
    await evictDurableObject(stubOf(m));
    const before = await rowsWritten(m);
    expect(await allPages(m)).toEqual(pages);
    expect(await rowsWritten(m)).toBe(before);
    const column = () =>
      runInDurableObject(stubOf(m), (_i, s) =>
        s.storage.sql.exec<{ hand_starts: string | null }>('SELECT hand_starts FROM meta').one(),
      );
    expect((await column()).hand_starts).toBeNull();
    // A change that writes the snapshot (the rematch) stores the rebuilt index.
    const r = await agreeRematch(m.id, [m.seats[0]!, m.seats[1]!]);
    expect(r.status).toBe(201);
    expect(JSON.parse((await column()).hand_starts!)).toEqual(
      await runInDurableObject(stubOf(m), (i) =>
        (i as unknown as { match: { log: { handStarts(): number[] } } }).match.log.handStarts(),
      ),
    );
  });

  it('a match stored before the index, evicted mid-match, still pages the hands it plays next', async () => {
    const m = await annAndBob('journal-legacy-live', SHORT);
    await playOut(m, { seed: 4, maxMoves: 12 }).catch(() => undefined);
    await runInDurableObject(stubOf(m), (_i, s) => {
      s.storage.sql.exec('UPDATE meta SET hand_starts = NULL');
    });
    await evictDurableObject(stubOf(m));
    await playOut(m, { seed: 5 });
    const pages = await allPages(m);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.flatMap((p) => p.events)).toEqual(await wholeLog(m));
  });

  it("gives the expert bots the current hand's events from the hand index (that hand's rows only)", async () => {
    const m = await finishedMatch('journal-bot-hand');
    const latest = await page(m);
    expect(latest.hand).toBeGreaterThanOrEqual(2);
    const current = await runInDurableObject(stubOf(m), (instance) =>
      fromHandStart((instance as unknown as { match: { log: MoveLog } }).match.log.handEvents()),
    );
    expect(current[0]).toEqual({ type: 'handStarted', hand: latest.hand, firstSeat: expect.any(Number) });
    const fromPage = latest.events
      .map((e) => e.event)
      .filter((e) => e.type !== 'responseMode') as GameEvent[];
    expect(current).toEqual(fromPage);
  });
});
