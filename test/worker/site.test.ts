/**
 * The site outside the API. Regression: every unknown path (`/robots.txt`, `/wp-login.php`) was
 * answered 200 with the app's page (the assets' single-page fallback), pages had no HSTS, and the
 * hashed build files were revalidated on every load. Now: a path with no static file runs the
 * Worker, which answers the app's page for the client's routes only and a 404 page in the reader's
 * language for anything else, both with the security headers and HSTS; the static files get the
 * same headers from web/public/_headers, and /assets/* is immutable there. What `wrangler dev`
 * really sends for the static files: test/browser/site-headers.test.ts.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import headersFile from '../../web/public/_headers?raw';
import robots from '../../web/public/robots.txt?raw';
import { app } from '../../worker/index';
import { catalogFor } from '../../worker/notify/i18n';
import { escapeHtml } from '../../worker/notify/sanitize';
import { PAGE_CSS } from '../../worker/routes/page-style';
import { matchRoute } from '../../worker/shared/app-paths';
import wranglerToml from '../../wrangler.toml?raw';

const SHELL =
  '<!doctype html><html lang="en"><head><title>Mille Bornes</title></head><body><div id="app"></div></body></html>';

/** A stand-in for the ASSETS binding: index.html at `/` with the assets' default headers; records what was asked. */
function fakeAssets() {
  const asked: string[] = [];
  const fetcher = {
    fetch: async (input: Request | string) => {
      const url = new URL(typeof input === 'string' ? input : input.url);
      asked.push(url.pathname);
      if (url.pathname !== '/') return new Response('nothing', { status: 404 });
      return new Response(SHELL, {
        headers: {
          'Content-Type': 'text/html',
          'Cache-Control': 'public, max-age=0, must-revalidate',
          ETag: '"shell"',
        },
      });
    },
  };
  return { asked, ASSETS: fetcher as unknown as Fetcher };
}

async function get(path: string, init: RequestInit = {}) {
  const assets = fakeAssets();
  const res = await app.request(path, init, { ...env, ASSETS: assets.ASSETS });
  return { res, text: await res.text(), asked: assets.asked };
}

/** The rules of a `_headers` file: path pattern → header name (lower case) → value. */
function headerRules(file: string): Map<string, Map<string, string>> {
  const rules = new Map<string, Map<string, string>>();
  let current: Map<string, string> | null = null;
  for (const raw of file.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      current = new Map();
      rules.set(line, current);
    } else {
      const at = line.indexOf(':');
      current!.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
    }
  }
  return rules;
}

const HSTS = 'max-age=15552000; includeSubDomains';

describe('unknown paths', () => {
  it('get a 404 HTML page with the security headers, HSTS, and a link home', async () => {
    for (const path of [
      '/robots-old.txt',
      '/wp-login.php',
      '/m',
      '/m/a/b/c',
      '/l/',
      '/assets/gone.js',
      '/RULES',
    ]) {
      const { res, text, asked } = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Type'), path).toMatch(/^text\/html/);
      expect(res.headers.get('Strict-Transport-Security')).toBe(HSTS);
      expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
      expect(res.headers.get('X-Frame-Options')).toBe('DENY');
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(text).toContain('<a href="/">Go to the home page</a>');
      expect(text).toContain('<meta name="robots" content="noindex">');
      expect(text).toContain(`<style>${PAGE_CSS}</style>`);
      expect(asked, 'the app page is not fetched').toEqual([]);
    }
  });

  it('speak the reader’s language (Accept-Language), in all five catalogs', async () => {
    const seen = new Set<string>();
    for (const lang of ['en', 'fr', 'de', 'sv', 'nb']) {
      const { res, text } = await get('/nothing-here', {
        headers: { 'Accept-Language': `${lang},en;q=0.5` },
      });
      const words = catalogFor(lang).pages;
      expect(res.status).toBe(404);
      expect(text).toContain(`<html lang="${catalogFor(lang).locale}">`);
      expect(text).toContain(`<title>${escapeHtml(words.notFoundTitle)}</title>`);
      expect(text).toContain(`<p>${escapeHtml(words.notFoundText)}</p>`);
      seen.add(words.notFoundTitle);
    }
    expect(seen.size).toBe(5);
  });

  it('under /api and /dev stay JSON errors', async () => {
    for (const path of ['/api/nothing', '/API/nothing', '/dev/nothing']) {
      const { res } = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Content-Type'), path).toMatch(/^application\/json/);
    }
  });
});

describe('the client’s routes', () => {
  it('get the app’s page from the assets, with the security headers and HSTS', async () => {
    for (const path of [
      '/rules',
      '/practice',
      '/open',
      '/m/xyz',
      '/m/xyz/',
      '/m/xyz/replay',
      '/l/new',
      '/l/abc',
    ]) {
      expect(matchRoute(path).name, path).not.toBe('notFound');
      const { res, text, asked } = await get(path);
      expect(res.status, path).toBe(200);
      expect(text).toBe(SHELL);
      expect(asked).toEqual(['/']);
      expect(res.headers.get('Content-Type')).toBe('text/html');
      expect(res.headers.get('Cache-Control'), 'the page is never immutable').toBe(
        'public, max-age=0, must-revalidate',
      );
      expect(res.headers.get('ETag')).toBe('"shell"');
      expect(res.headers.get('Strict-Transport-Security')).toBe(HSTS);
      expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    }
  });

  it('are marked noindex for a match, a replay or a league, not for the public pages', async () => {
    for (const path of ['/m/xyz', '/m/xyz/replay', '/l/abc', '/l/new'])
      expect((await get(path)).res.headers.get('X-Robots-Tag'), path).toBe('noindex');
    for (const path of ['/rules', '/practice', '/open'])
      expect((await get(path)).res.headers.get('X-Robots-Tag'), path).toBeNull();
  });

  it('answer 405 with Allow to another method, and HEAD like GET without a body', async () => {
    const post = await get('/m/xyz', { method: 'POST' });
    expect(post.res.status).toBe(405);
    expect(post.res.headers.get('Allow')).toBe('GET, HEAD');
    const head = await get('/practice', { method: 'HEAD' });
    expect(head.res.status).toBe(200);
    expect(head.text).toBe('');
  });
});

describe('the static files’ headers (web/public/_headers)', () => {
  const rules = headerRules(headersFile);

  it('are the Worker’s own security headers, HSTS included, for every path', async () => {
    const all = rules.get('/*')!;
    expect([...all.keys()].sort()).toEqual([
      'content-security-policy',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
    ]);
    const { res } = await get('/practice');
    for (const [name, value] of all) expect(res.headers.get(name), name).toBe(value);
  });

  it('make the hashed build files immutable, and nothing else', () => {
    expect(rules.get('/assets/*')?.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const [path, headers] of rules) {
      if (path === '/assets/*') continue;
      expect(headers.has('cache-control'), path).toBe(false);
    }
  });
});

describe('robots.txt (web/public/robots.txt)', () => {
  it('keeps crawlers out of the API, the dev pages and the personal pages, and allows the rest', () => {
    const lines = robots.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/dev/', '/m/', '/l/']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Allow: /');
  });
});

describe('wrangler.toml', () => {
  it('has no single-page fallback, and binds the assets for the app’s page', () => {
    const assets = /\[assets\]([^[]*)/.exec(wranglerToml)![1];
    expect(assets).toMatch(/^not_found_handling = "none"$/m);
    expect(assets).toMatch(/^binding = "ASSETS"$/m);
  });
});
