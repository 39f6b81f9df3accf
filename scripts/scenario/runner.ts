/**
 * Runs rule scenarios in the JSON format of shared/SCENARIOS.md against the engine. Used by the CLI
 * (`npm run scenario -- FILE_OR_DIR …`) and by the vitest suite. A file that is not a valid scenario is
 * a FAIL with a message, never a crash. Every check reads the engine's own state, view and legal moves.
 */
import * as v from 'valibot';
import {
  applyMove,
  createMatch,
  type HandScore,
  legalMoves,
  type MatchState,
  parseMove,
  type ResponseMode,
  SCORE_ITEMS,
  sameMove,
  viewFor,
} from '../../worker/engine/index';
import { PositionSchema } from '../../worker/protocol/requests';

/** Outcome of one scenario. `message` says which step or check failed and why. */
export interface ScenarioOutcome {
  name: string;
  passed: boolean;
  message?: string;
}

const SeatMap = <T extends v.GenericSchema>(value: T) =>
  v.record(v.pipe(v.string(), v.regex(/^\d+$/, 'keys are seat numbers')), value);
const Cards = v.array(v.string());

const TableauCheck = v.strictObject({
  distance: v.optional(v.number()),
  battleTop: v.optional(v.nullable(v.string())),
  speedTop: v.optional(v.nullable(v.string())),
  rolling: v.optional(v.boolean()),
  limited: v.optional(v.boolean()),
  safeties: v.optional(Cards),
  coupFourre: v.optional(Cards),
  twoHundreds: v.optional(v.number()),
  battle: v.optional(Cards),
  speed: v.optional(Cards),
});

const ScoreCheck = v.strictObject(
  Object.fromEntries(['total', ...SCORE_ITEMS].map((k) => [k, v.optional(v.number())])) as Record<
    string,
    v.OptionalSchema<v.NumberSchema<undefined>, undefined>
  >,
);

const Checks = v.strictObject({
  turn: v.optional(v.nullable(v.number())),
  phase: v.optional(v.picklist(['draw', 'play', 'respond', 'extension', 'handOver', 'matchOver'])),
  hands: v.optional(SeatMap(Cards)),
  handSizes: v.optional(SeatMap(v.number())),
  tableaux: v.optional(SeatMap(TableauCheck)),
  deckSize: v.optional(v.number()),
  discardTop: v.optional(v.nullable(v.string())),
  legal: v.optional(SeatMap(v.array(v.unknown()))),
  illegal: v.optional(SeatMap(v.array(v.unknown()))),
  handScores: v.optional(SeatMap(ScoreCheck)),
  matchScores: v.optional(SeatMap(v.number())),
  winner: v.optional(v.array(v.number())),
});

const Step = v.strictObject({
  seat: v.number(),
  move: v.unknown(),
  expect: v.optional(v.picklist(['ok', 'rejected'])),
  // biome-ignore lint/suspicious/noThenProperty: `then` is the field name SCENARIOS.md defines
  then: v.optional(Checks),
});

const PresetName = v.picklist(['hasbro-2016', 'classic', 'partnership', 'dujardin']);

const Scenario = v.object({
  name: v.string(),
  source: v.optional(v.string()),
  rules: v.union([
    PresetName,
    v.strictObject({ preset: PresetName, options: v.optional(v.record(v.string(), v.unknown())) }),
  ]),
  players: v.optional(v.number()),
  teams: v.optional(v.array(v.array(v.number()))),
  responses: v.optional(SeatMap(v.picklist(['ask', 'auto']))),
  seed: v.optional(v.string()),
  setup: v.optional(PositionSchema),
  steps: v.optional(v.array(Step), []),
  expect: v.optional(Checks),
});

type ScenarioFile = v.InferOutput<typeof Scenario>;
type CheckSet = v.InferOutput<typeof Checks>;

function describeIssues(issues: v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 3)
    .map((i) => `${v.getDotPath(i) ?? '(file)'}: ${i.message}`)
    .join('; ');
}

/**
 * Seating from `players` or `teams`. Teams must alternate at the table (team i holds seats i, i+T,
 * i+2T…); they may be listed in any order, and so may the seats of a team.
 */
function seating(s: ScenarioFile): { seats: number; teamSize: number } | string {
  if (s.teams) {
    const count = s.teams.length;
    const size = s.teams[0]?.length ?? 0;
    const seats = count * size;
    const listed = new Set(
      s.teams.map((team) =>
        team
          .slice()
          .sort((a, b) => a - b)
          .join(','),
      ),
    );
    for (let i = 0; i < count; i++) {
      const want = Array.from({ length: size }, (_, k) => i + k * count);
      if (s.teams.some((team) => team.length !== size) || !listed.has(want.join(','))) {
        return `teams must alternate at the table: one team should be [${want.join(', ')}]`;
      }
    }
    return { seats, teamSize: size };
  }
  if (s.players === undefined) return 'either "players" or "teams" is needed';
  return { seats: s.players, teamSize: 1 };
}

function sortedCards(cards: readonly string[]): string {
  return cards.slice().sort().join(',');
}

function teamOfKey(state: MatchState, key: string): number {
  return Number(key) % state.teams.length;
}

function seatsOfTeams(state: MatchState, teams: readonly number[]): number[] {
  return teams.flatMap((t) => state.teams[t]).sort((a, b) => a - b);
}

/** True for a malformed-move message that means the check itself is broken (not an odd but real move). */
function unreadable(message: string): boolean {
  return /not an object|unknown type|unexpected field|unknown card|cards must be card ids/.test(message);
}

/** Runs every check of a `then`/`expect` block; returns the first failure as text, or null. */
export function check(state: MatchState, c: CheckSet): string | null {
  const view = viewFor(state, null);
  const fail = (what: string, want: unknown, got: unknown) =>
    `${what}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`;
  if (c.turn !== undefined && view.turn !== c.turn) return fail('turn', c.turn, view.turn);
  if (c.phase !== undefined && view.phase !== c.phase) return fail('phase', c.phase, view.phase);
  for (const [key, cards] of Object.entries(c.hands ?? {})) {
    const got = state.hands[Number(key)];
    if (!got || sortedCards(got) !== sortedCards(cards)) return fail(`hands.${key}`, cards, got);
  }
  for (const [key, n] of Object.entries(c.handSizes ?? {})) {
    const got = state.hands[Number(key)]?.length;
    if (got !== n) return fail(`handSizes.${key}`, n, got);
  }
  for (const [key, want] of Object.entries(c.tableaux ?? {})) {
    const t = view.tableaux[teamOfKey(state, key)];
    if (!t) return `tableaux.${key}: no such seat`;
    const got: Record<string, unknown> = {
      distance: t.km,
      battleTop: t.battleTop,
      speedTop: t.speedTop,
      rolling: t.rolling,
      limited: t.limited,
      twoHundreds: t.twoHundreds,
    };
    for (const [field, value] of Object.entries(want)) {
      if (value === undefined) continue;
      if (field === 'safeties' || field === 'coupFourre') {
        const list = field === 'safeties' ? t.safeties : t.coupFourre;
        if (sortedCards(list) !== sortedCards(value as string[]))
          return fail(`tableaux.${key}.${field}`, value, list);
      } else if (field === 'battle' || field === 'speed') {
        const list = t[field];
        if (list.join(',') !== (value as string[]).join(','))
          return fail(`tableaux.${key}.${field}`, value, list);
      } else if (got[field] !== value) {
        return fail(`tableaux.${key}.${field}`, value, got[field]);
      }
    }
  }
  if (c.deckSize !== undefined && view.deckSize !== c.deckSize)
    return fail('deckSize', c.deckSize, view.deckSize);
  if (c.discardTop !== undefined && view.discardTop !== c.discardTop)
    return fail('discardTop', c.discardTop, view.discardTop);
  for (const [which, map] of [
    ['legal', c.legal],
    ['illegal', c.illegal],
  ] as const) {
    for (const [key, moves] of Object.entries(map ?? {})) {
      const seat = Number(key);
      const legal = legalMoves(state, seat);
      for (const raw of moves) {
        const parsed = parseMove(raw);
        // A move the engine cannot even read is a broken check (a typo would make it pass forever).
        if (!parsed.ok && which === 'illegal' && unreadable(parsed.error.message))
          return `illegal.${key}: ${JSON.stringify(raw)} is not a move: ${parsed.error.message}`;
        const present = parsed.ok && legal.some((m) => sameMove(state, m, parsed.move));
        if (which === 'legal' && !present)
          return `legal.${key}: ${JSON.stringify(raw)} is not among the legal moves`;
        if (which === 'illegal' && present)
          return `illegal.${key}: ${JSON.stringify(raw)} is among the legal moves`;
      }
    }
  }
  if (c.handScores) {
    const last = state.results[state.results.length - 1];
    if (!last) return 'handScores: no hand has been scored';
    for (const [key, want] of Object.entries(c.handScores)) {
      const got = last.scores[teamOfKey(state, key)] as HandScore | undefined;
      if (!got) return `handScores.${key}: no such seat`;
      for (const [item, value] of Object.entries(want)) {
        if (value !== undefined && got[item as keyof HandScore] !== value) {
          return fail(`handScores.${key}.${item}`, value, got[item as keyof HandScore]);
        }
      }
    }
  }
  for (const [key, total] of Object.entries(c.matchScores ?? {})) {
    const got = state.scores[teamOfKey(state, key)];
    if (got !== total) return fail(`matchScores.${key}`, total, got);
  }
  if (c.winner) {
    const teams =
      state.phase === 'matchOver'
        ? state.matchWinners
        : (state.results[state.results.length - 1]?.winners ?? []);
    const got = seatsOfTeams(state, teams);
    const want = c.winner.slice().sort((a, b) => a - b);
    if (got.join(',') !== want.join(',')) return fail('winner', want, got);
  }
  return null;
}

/** Runs one parsed-or-not scenario object. Never throws for bad input. */
export function runScenario(input: unknown, fallbackName: string): ScenarioOutcome {
  const parsed = v.safeParse(Scenario, input);
  const name =
    typeof (input as { name?: unknown })?.name === 'string' ? (input as { name: string }).name : fallbackName;
  if (!parsed.success)
    return { name, passed: false, message: `not a valid scenario — ${describeIssues(parsed.issues)}` };
  const s = parsed.output;
  const seatingOrError = seating(s);
  if (typeof seatingOrError === 'string')
    return { name, passed: false, message: `not a valid scenario — ${seatingOrError}` };
  const responses: ResponseMode[] = Array.from(
    { length: seatingOrError.seats },
    (_, seat) => s.responses?.[seat] ?? 'ask',
  );
  const created = createMatch({
    rules: s.rules,
    seats: seatingOrError.seats,
    teamSize: seatingOrError.teamSize,
    seed: s.seed ?? 'scenario',
    firstSeat: s.setup?.turn ?? 0,
    responses,
    position: s.setup as Parameters<typeof createMatch>[0]['position'],
  });
  if (!created.ok) {
    return {
      name,
      passed: false,
      message: `invalid setup — ${created.problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`,
    };
  }
  let state = created.state;
  for (const [i, step] of s.steps.entries()) {
    const label = `step ${i + 1}`;
    const before = JSON.stringify(state);
    const result = applyMove(state, step.seat, step.move);
    if (JSON.stringify(state) !== before)
      return { name, passed: false, message: `${label}: the engine changed the state it was given` };
    const want = step.expect ?? 'ok';
    if (want === 'ok' && !result.ok)
      return { name, passed: false, message: `${label}: expected ok, got rejected (${result.error.code})` };
    if (want === 'rejected' && result.ok)
      return { name, passed: false, message: `${label}: expected rejected, got ok` };
    if (result.ok) state = result.state;
    if (step.then) {
      const failure = check(state, step.then);
      if (failure) return { name, passed: false, message: `${label}: ${failure}` };
    }
  }
  if (s.expect) {
    const failure = check(state, s.expect);
    if (failure) return { name, passed: false, message: `expect: ${failure}` };
  }
  return { name, passed: true };
}

/** Parses a file's text and runs it. */
export function runScenarioText(text: string, fileName: string): ScenarioOutcome {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { name: fileName, passed: false, message: `not valid JSON — ${(e as Error).message}` };
  }
  return runScenario(json, fileName);
}
