/**
 * What `wrangler dev` really sends outside the API (the same asset router and _headers rules as
 * production): robots.txt as text, a 404 page for an unknown path, the app's page for the client's
 * routes, HSTS and the security headers everywhere, immutable caching for the hashed build files
 * only. Regression: every unknown path answered 200 with the app's page, pages had no HSTS, and
 * /assets/* was revalidated on every load. The Worker's side in detail: test/worker/site.test.ts.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { axeAtBothWidths } from './axe';
import { e2eHooks, player } from './browser';

const h = e2eHooks();

const HSTS = 'max-age=15552000; includeSubDomains';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET `path` on the test server (no redirect followed). */
async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${h.server.url}${path}`, { headers, redirect: 'manual' });
  return { res, text: await res.text() };
}

/** The security headers every answer carries, static file or Worker. */
function expectSecurityHeaders(res: Response, what: string): void {
  expect(res.headers.get('Strict-Transport-Security'), what).toBe(HSTS);
  expect(res.headers.get('Content-Security-Policy'), what).toContain("script-src 'self'");
  expect(res.headers.get('X-Frame-Options'), what).toBe('DENY');
  expect(res.headers.get('X-Content-Type-Options'), what).toBe('nosniff');
  expect(res.headers.get('Referrer-Policy'), what).toBe('no-referrer');
}

describe('outside the API', () => {
  it('robots.txt is plain text that keeps crawlers out of the API and the personal pages', async () => {
    const { res, text } = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain/);
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /m/');
    expect(text).not.toContain('<html');
    expectSecurityHeaders(res, 'robots.txt');
  });

  it('an unknown path is a 404 HTML page in the reader’s language, with the headers', async () => {
    for (const path of ['/wp-login.php', '/no/such/page', '/assets/gone.js']) {
      const { res, text } = await get(path, { 'Accept-Language': 'fr-FR,fr;q=0.9' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Type'), path).toMatch(/^text\/html/);
      expect(text).toContain('<title>Page introuvable</title>');
      expect(text).toContain('<a href="/">');
      expectSecurityHeaders(res, path);
    }
  });

  it('the client’s routes get the app’s page, never immutable; personal ones are noindex', async () => {
    const home = await get('/');
    expect(home.res.status).toBe(200);
    for (const path of ['/', '/m/xyz', '/m/xyz/replay', '/l/new', '/practice', '/rules', '/open']) {
      const { res, text } = await get(path);
      expect(res.status, path).toBe(200);
      expect(text, path).toBe(home.text);
      expect(res.headers.get('Cache-Control'), path).not.toContain('immutable');
      expectSecurityHeaders(res, path);
      expect(res.headers.get('X-Robots-Tag'), path).toBe(/^\/[ml]\//.test(path) ? 'noindex' : null);
    }
    expect(home.text).toContain('<div id="app">');
  });

  it('the hashed build files are immutable; the page, the service worker and the manifest are not', async () => {
    const files = readdirSync(join(h.server.assets, 'assets'));
    expect(files.length).toBeGreaterThan(0);
    // Every file there is named by its content (vite's `name-<hash>.ext`): safe to keep for a year.
    for (const f of files) expect(f, f).toMatch(/-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/);
    const script = files.find((f) => f.endsWith('.js'))!;
    const asset = await get(`/assets/${script}`);
    expect(asset.res.status).toBe(200);
    expect(asset.res.headers.get('Cache-Control')).toBe(IMMUTABLE);
    expectSecurityHeaders(asset.res, script);
    for (const path of ['/', '/sw.js', '/manifest.webmanifest', '/favicon.svg', '/robots.txt']) {
      const { res } = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Cache-Control'), path).toBe('public, max-age=0, must-revalidate');
    }
  });

  it('the 404 page is styled, accessible and leads home in a browser', async () => {
    const page = await player(h, 'not-found', 360);
    const res = await page.goto(`${h.server.url}/no-such-page`);
    expect(res?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    // The inline style applied: the CSP allows it by its hash (a refusal would be in h.problems).
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('main')!).maxWidth)).not.toBe(
      'none',
    );
    expect(await axeAtBothWidths(page, 'not-found')).toEqual([]);
    await h.shots.screen(page, 'not-found');
    await page.click('a[href="/"]');
    await page.waitForSelector('nav');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(h.problems).toEqual([]);
    await page.context().close();
  });
});
