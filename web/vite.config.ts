/**
 * Vite build of the Preact client: web/ (index.html + src/) into /dist at the repository root,
 * which the Worker serves as static assets. No inline scripts are emitted (the CSP forbids them).
 */
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [preact({ prerender: { enabled: false } })],
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
