/**
 * Vite build of the Preact client: web/ (index.html + src/) into /dist at the repository root,
 * which the Worker serves as static assets. No inline scripts are emitted (the CSP forbids them).
 * vite-plugin-pwa (issue 19) writes the web app manifest and builds the one service worker,
 * web/src/sw/sw.ts, into /sw.js with the list of files to precache (the app shell: every script,
 * style, icon and the page; the API is never among them). web/public is copied as it is: _headers
 * (the static files' headers: security, HSTS, immutable /assets/*), robots.txt and page.css.
 */
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [
    preact({ prerender: { enabled: false } }),
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
        // Never the service worker itself nor the headers file; the plugin adds the manifest itself;
        // page.css is the server-rendered pages' (mail links, 404), never the app's.
        globIgnores: ['sw.js', '_headers', 'manifest.webmanifest', 'page.css'],
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
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
  },
  server: { proxy: { '/api': { target: 'http://localhost:8787', ws: true } } },
});
