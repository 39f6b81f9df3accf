/**
 * Records the fixture of a match stored before the keyed hand seeds (test/fixtures/legacy-match.json): the
 * engine setup without a seed scheme (the legacy deals), the log rows as the match server stores
 * them (one `move` row per bot move, one coup-fourré setting row), each hand's deal and the score
 * sheet. Run once with the code of that day; the unit test replays the rows with today's code and
 * must find the same deals and score sheet. `npx tsx scripts/record-legacy-replay.ts > file`.
 */
import { chooseMove } from '../worker/bots/index';
import {
  applyMove,
  createMatch,
  type MatchSetup,
  setResponseMode,
  viewFor,
  whoActs,
} from '../worker/engine/index';

const setup: MatchSetup = {
  rules: { preset: 'classic' },
  seats: 3,
  seed: 'legacy-fixture-seed-2026-12-02',
  firstSeat: 1,
  responses: ['ask', 'auto', 'ask'],
};
const created = createMatch(setup);
if (!created.ok) throw new Error('setup refused');
let state = created.state;
const rows: unknown[] = [];
const deals = [state.hands.map((h) => h.slice())];
let seq = 0;
for (let guard = 0; guard < 5000; guard++) {
  const who = whoActs(state);
  if (who.kind === 'over') break;
  if (seq === 40) {
    // A coup-fourré setting changed mid-match, as `responseMode` rows are.
    state = setResponseMode(state, 1, 'ask');
    rows.push({ seq: ++seq, kind: 'responseMode', seat: 1, payload: { mode: 'ask' } });
  }
  const view = viewFor(state, who.seat);
  const move = chooseMove(view, { level: 'basic', seed: `fixture/${who.seat}` });
  const hand = state.handNumber;
  const r = applyMove(state, who.seat, move);
  if (!r.ok) throw new Error(r.error.message);
  state = r.state;
  rows.push({
    seq: ++seq,
    kind: 'move',
    seat: who.seat,
    payload: [{ seat: who.seat, actor: 'bot', move, events: r.events.length }],
  });
  if (state.handNumber !== hand) deals.push(state.hands.map((h) => h.slice()));
}
process.stdout.write(
  `${JSON.stringify({ setup, rows, deals, results: state.results, scores: state.scores, winners: state.matchWinners })}\n`,
);
