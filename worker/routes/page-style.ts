/**
 * The look of the server-rendered pages (mail-pages.ts `page`: the mail links' pages and the 404
 * page): the app's colours, type and top bar (web/src/styles.css `.top`, `.brand`), the move list of a
 * move link's page after a draw (`.moves`, tap targets as large as the button) and the link home
 * under the page's words (`.home`). Inlined in each page's `<style>` so that its first paint needs no
 * second round trip (on slow 4G, 150 ms and more); the Content-Security-Policy allows exactly this
 * text by its hash (`PAGE_STYLE_HASH`, in worker/index.ts and web/public/_headers alike), never any
 * other inline style. Change a rule here and the test (test/worker/page-style.test.ts) gives the new
 * hash to put in both.
 */

/** The pages' style sheet, one rule a line, joined with nothing (the exact text the hash covers). */
export const PAGE_CSS: string = [
  ':root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:#1b1b1b;background:#f4f1ea;line-height:1.5}',
  'body{margin:0;overflow-wrap:anywhere}',
  '.top{display:flex;align-items:center;padding:8px 12px;background:#1d4e89;color:#fff}',
  '.top a{color:#fff}',
  '.brand{font-weight:700;text-decoration:none;display:flex;gap:6px;align-items:center}',
  '.brand-mark{background:#fff;color:#111;border-top:5px solid #c1121f;border-radius:10px 10px 2px 2px;font-size:0.7rem;padding:0 4px}',
  'main{max-width:40rem;margin:2rem auto;padding:1rem 1.25rem;background:#fff;border-radius:8px;border-top:6px solid #1d4e89}',
  'h1{font-size:1.35rem;margin:0.3em 0 0.6em}',
  'a{color:#1d4e89}',
  'a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #ff9f1c;outline-offset:2px}',
  'button{font:inherit;padding:0.5em 1em;border:0;border-radius:8px;background:#1d4e89;color:#fff;cursor:pointer}',
  'input{font:inherit;padding:0.4em;max-width:100%}',
  'ul{padding-left:1.25rem}',
  'li{margin:0.2em 0}',
  '.moves{list-style:none;padding:0}',
  '.moves a{display:inline-block;padding:0.5em 1em;border:1px solid #1d4e89;border-radius:8px;text-decoration:none}',
  '.home{margin-top:1.5rem;padding-top:0.75rem;border-top:1px solid #e3ddd0}',
  '@media (max-width:40rem){main{margin:0;border-radius:0}}',
].join('');

/** The CSP source that allows `PAGE_CSS` inline: its SHA-256, base64, quoted as CSP wants it. */
export const PAGE_STYLE_HASH = "'sha256-lxcShfh1OXQN4l5svhoGOAckSk+ys5dBmL57JrVuHZA='";
