/**
 * End-to-end in Debian chromium: the early entry script (issue 32, web/src/lib/first-info-start.ts).
 * index.html names it, `async`, before the main entry, and the main entry imports that very file; it
 * is a few KB. With the main script held back, opening a seat link asks for the match before the main
 * script has arrived, and the page then shows the hand having asked for the match once before its
 * socket opens (the socket's opening asks again, for what it may have missed): the link check and the
 * session took the early script's request, so first-info.ts is one module instance shared by both.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Created } from '../../worker/protocol/views';
import { apiCall } from './api';
import { e2eHooks, player } from './browser';

const h = e2eHooks();

/** The early script's largest gzip size (bytes): it must arrive well before the main one. */
const EARLY_MAX_GZIP = 4 * 1024;
/** How long the test holds the main entry script back (ms). */
const HOLD_MS = 1_500;

/** The build's entry scripts in index.html order (paths under /assets) and whether each is `async`. */
function entryScripts(): Array<{ file: string; async: boolean }> {
  const html = readFileSync(join(h.server.assets, 'index.html'), 'utf8');
  return [...html.matchAll(/<script\b([^>]*)\bsrc="\/(assets\/[^"]+\.js)"/g)].map((m) => ({
    file: m[2],
    async: /\basync\b/.test(m[1]),
  }));
}

describe('the early entry script', () => {
  it('is a small async script listed before the main one, which imports the same file', () => {
    const scripts = entryScripts();
    expect(scripts.map((s) => s.async)).toEqual([true, false]);
    const [early, main] = scripts.map((s) => s.file);
    const gzip = gzipSync(readFileSync(join(h.server.assets, early))).length;
    console.log(`early script ${early}: ${gzip} bytes gzip`);
    expect(gzip).toBeLessThanOrEqual(EARLY_MAX_GZIP);
    const mainCode = readFileSync(join(h.server.assets, main), 'utf8');
    expect(mainCode).toContain(`"./${early.slice('assets/'.length)}"`);
  });

  it('asks for the match before the main script arrives, once before the socket, and the hand shows', async () => {
    const created = await apiCall(h, '/api/matches', {
      body: {
        title: 'Early',
        rules: 'classic',
        firstSeat: 0,
        seats: [
          { kind: 'human', name: 'Ann' },
          { kind: 'bot', name: 'Robo' },
        ],
      },
    });
    expect(created.status).toBe(201);
    const match = created.body as Created;
    const [early, main] = entryScripts().map((s) => s.file);
    const page = await player(h, 'ann', 360);
    const t0 = Date.now();
    let mainArrived = Number.POSITIVE_INFINITY;
    await page.route(`**/${main}`, async (route) => {
      await new Promise((r) => setTimeout(r, HOLD_MS));
      mainArrived = Date.now() - t0;
      await route.continue();
    });
    const infoAsked: number[] = [];
    const scriptFetches: string[] = [];
    let socketAt = Number.POSITIVE_INFINITY;
    page.on('websocket', () => {
      socketAt = Math.min(socketAt, Date.now() - t0);
    });
    const infoPath = `/api/matches/${match.matchId}`;
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() === 'GET' && path === infoPath) infoAsked.push(Date.now() - t0);
      if (path.startsWith('/assets/') && path.endsWith('.js')) scriptFetches.push(path.slice(1));
    });

    await page.goto(match.seats[0].url!);
    await page.locator('ul.hand button.card').first().waitFor({ timeout: 30_000 });
    console.log(
      `match asked at ${infoAsked.join(', ')} ms; main script released at ${mainArrived} ms; ` +
        `socket at ${socketAt} ms`,
    );
    expect(infoAsked.filter((at) => at < socketAt)).toHaveLength(1);
    expect(infoAsked[0]).toBeLessThan(mainArrived);
    expect(scriptFetches.filter((f) => f === early)).toHaveLength(1);
    expect(h.problems).toEqual([]);
  });
});
