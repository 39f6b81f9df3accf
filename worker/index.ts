/**
 * The Worker: a Hono app for /api/* (and /dev/* in development) in front of one Durable Object per
 * match; the web client's files are static assets (wrangler.toml [assets]) served without it, and a
 * path with no file comes here: the app's page for a client route, else a 404 page (routes/site.ts).
 * Adds security headers (the static files get the same ones from web/public/_headers), the
 * per-client read limit, the one body reader (with the request-size limit), JSON errors for every
 * API failure, the server's own time of each API answer (`Server-Timing: total;dur=<ms>`), and
 * exports the Durable Object classes.
 */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { timing } from 'hono/timing';
import { dailyLimitReply, isDailyLimit } from './daily-limit';
import { readBody } from './routes/body';
import { chat } from './routes/chat';
import { dev } from './routes/dev';
import { type AppEnv, send } from './routes/http';
import { leagues } from './routes/leagues';
import { readLimit } from './routes/limits';
import { mail } from './routes/mail';
import { mailMove } from './routes/mail-move';
import { matches } from './routes/matches';
import { notFoundHandler } from './routes/methods';
import { open } from './routes/open';
import { openDev } from './routes/open-dev';
import { PAGE_STYLE_HASH } from './routes/page-style';
import { replay } from './routes/replay';
import { isApiPath, sitePage } from './routes/site';
import { summaries } from './routes/summaries';

export { LeagueDurableObject } from './league/durable';
export { MatchDurableObject } from './match/durable';
export {
  DevOutboxDurableObject,
  MailAddressDurableObject,
  MailBudgetDurableObject,
} from './notify/durable-objects';
export { OpenTableDurableObject } from './open/table-do';

/** The Hono app (exported for in-process tests with `app.request()`). */
export const app = new Hono<AppEnv>();

// The same policy as web/public/_headers gives the static files (test/worker/site.test.ts compares
// them), HSTS included (Hono's default: 180 days, subdomains).
app.use(
  '*',
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // The server-rendered pages' one inline style sheet (routes/page-style.ts), by its hash.
      styleSrc: ["'self'", PAGE_STYLE_HASH],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: 'no-referrer',
    xFrameOptions: 'DENY',
    crossOriginEmbedderPolicy: false,
  }),
);

// The server's own time per API answer, from here to the response (the Durable Object call included),
// so that a client measuring tap-to-screen can subtract it (scripts/bench-page.ts). Not on a WebSocket
// upgrade (its 101 answer comes from the Durable Object and is not ours to change).
app.use('/api/*', timing({ totalDescription: 'Worker', enabled: (c) => c.res.status !== 101 }));
// Reads are limited per client; every body is read here, in full, before any route runs.
app.use('/api/*', readLimit());
app.use('/api/*', readBody());
app.use('/dev/*', readBody());
// Nothing under /turn/* is ever stored by a cache: its pages, their JSON errors (a body too large,
// a limit) and the 404 page alike (a move link's answer may show a hand and a seat's table link).
app.use('/turn/*', async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
});
app.use('/turn/*', readBody());

app.route('/', mailMove); // /turn/*: a mailed move link's confirmation page
app.route('/', mail); // /api/mail/* and /dev/mail (before /dev: its guard would answer 404 first)
app.route('/api/matches/summaries', summaries); // before /api/matches: its /:id routes would match first
app.route('/api/matches', matches);
app.route('/api/matches', chat); // /:id/chat
// -- leagues --
app.route('/api/leagues', leagues);
// -- open table --
app.route('/api/open', open);
app.route('/dev/open', openDev); // before /dev: its guard would answer 404 first
// -- replay of finished hands --
app.route('/api/matches', replay); // /:id/replay
app.route('/dev', dev);

// Under /api and /dev: a JSON 404 for unknown paths, 405 with `Allow` for a known path asked with
// another method. Elsewhere: the app's page for a client route, else the 404 page.
const apiNotFound = notFoundHandler(app);
app.notFound((c) => (isApiPath(c.req.path) ? apiNotFound(c) : sitePage(c)));

app.onError((err, c) => {
  if (err instanceof HTTPException && err.status < 500) {
    // e.g. malformed JSON found by the validator
    return c.json({ error: { code: 'request.malformed', message: err.message } }, err.status);
  }
  // Past a daily free-plan limit (a refused call to a Durable Object): 503 until the reset, nothing changed.
  if (isDailyLimit(err)) return send(c, dailyLimitReply(Date.now()));
  console.error(`unhandled error on ${c.req.method} ${new URL(c.req.url).pathname}: ${String(err)}`);
  return c.json({ error: { code: 'internal', message: 'Something went wrong on our side.' } }, 500);
});

export default app;
