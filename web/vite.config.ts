/**
 * Vite build of the Preact client: web/ (index.html + src/) into /dist at the repository root,
 * which the Worker serves as static assets. No inline scripts are emitted (the CSP forbids them).
 * vite-plugin-pwa (issue 19) writes the web app manifest and builds the one service worker,
 * web/src/sw/sw.ts, into /sw.js with the list of files to precache (the app shell: every script,
 * style, icon and the page; the API is never among them). web/public is copied as it is: _headers
 * (the static files' headers: security, HSTS, immutable /assets/*) and robots.txt.
 *
 * Two entry scripts (issue 32): the early one (web/src/lib/first-info-start.ts, a few KB, `async`) starts
 * a match page's first request while the main one (web/src/main.tsx, Preact and the app) downloads. The
 * main one imports the early one, so its modules (first-info.ts holding the request) are one module
 * instance in one chunk, evaluated once, whichever script runs first (see earlyScript below).
 */
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
/** The early entry: starts a match page's first request (lib/first-info.ts) before the app has loaded. */
const earlyEntry = fileURLToPath(new URL('src/lib/first-info-start.ts', import.meta.url));
/** The module ids the early entry imports statically, transitively (filled when the build has read them). */
const earlyModules = new Set<string>();

/**
 * The early entry script in the build: collects `earlyModules` (they stay in the early chunk, out of the
 * 'index' group below) and writes its `<script type="module" async>` into index.html before the main
 * entry's script tag. Vite merges every module script of an HTML page into one entry, hence the tag is
 * written here. In `vite dev` the main entry imports the early one as any module.
 */
function earlyScript(): Plugin {
  return {
    name: 'mb-early-script',
    apply: 'build',
    buildEnd() {
      earlyModules.clear();
      const todo = [earlyEntry];
      for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
        if (earlyModules.has(id)) continue;
        earlyModules.add(id);
        todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.name === 'early',
        );
        const at = html.indexOf('<script');
        if (!chunk || at < 0) throw new Error('index.html: no early entry chunk or no entry script');
        const tag = `<script type="module" async crossorigin src="/${chunk.fileName}"></script>\n    `;
        return html.slice(0, at) + tag + html.slice(at);
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [
    preact({ prerender: { enabled: false } }),
    earlyScript(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // The page registers /sw.js itself (web/src/main.tsx): no registration script is injected.
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      // The icons are in the precache already (globPatterns): listed once.
      includeManifestIcons: false,
      manifest: {
        name: 'Mille Bornes',
        short_name: 'Mille Bornes',
        description: 'Mille Bornes, the card game of the road: play by link over days, or practice offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f4f1ea',
        theme_color: '#1d4e89',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Never the service worker itself nor the headers file; the plugin adds the manifest itself.
        globIgnores: ['sw.js', '_headers', 'manifest.webmanifest'],
      },
    }),
  ],
  build: {
    outDir: fileURLToPath(new URL('../dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // A modulepreload polyfill would be bundled, never inlined; modern browsers do not need it.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // Every module the first paint needs stays in the one entry script (its gzip size is the budget
    // test/browser/play.test.ts checks). Without this group the bundler moves the modules the entry
    // shares with a lazy chunk (Preact, the catalogs, the card faces) into separate common chunks
    // as soon as a few lazy chunks import them.
    // The early entry's modules are the exception: they stay in its own chunk, which the main entry
    // imports (and preloads).
    rolldownOptions: {
      input: { index: fileURLToPath(new URL('index.html', import.meta.url)), early: earlyEntry },
      output: {
        codeSplitting: {
          groups: [
            { name: 'early', test: (id: string) => earlyModules.has(id), priority: 1 },
            { name: 'index', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': { target: 'http://localhost:8787', ws: true } } },
});
