/**
 * The Web Worker of the practice mode: loads the engine and the bots (on demand, so they
 * stay out of the page's scripts) and answers the page's calls (protocol.ts `PracticeRequest`) with
 * one `PracticeHost` (host.ts). A bot thinks here, never on the page's thread.
 */
import { PracticeHost } from './host';
import type { PracticeCalls, PracticeReply, PracticeRequest } from './protocol';

const host: Promise<PracticeHost> = Promise.all([
  import('../../../worker/engine/index'),
  import('../../../worker/bots/index'),
  import('../../../worker/decider/decide'),
  import('../../../worker/decider/journal-page'),
]).then(
  ([engine, bots, decider, journal]) =>
    new PracticeHost({ engine, bots, decider, journal }, () => performance.now()),
);

/** The Web Worker's own scope (the project's types are the page's DOM ones). */
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<PracticeRequest>) => void) | null;
  postMessage(reply: PracticeReply): void;
};

scope.onmessage = async (e: MessageEvent<PracticeRequest>) => {
  const req = e.data;
  let reply: PracticeReply;
  try {
    const h = await host;
    const call = h[req.call] as (...args: unknown[]) => ReturnType<PracticeCalls[typeof req.call]>;
    reply = { id: req.id, ok: true, result: call.apply(h, req.args) };
  } catch (err) {
    reply = { id: req.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  scope.postMessage(reply);
};
