/**
 * The server benchmark's options and configurations (`npm run bench:server`): who sits at the table
 * (`--seats`, `--humans`, `--bots`, `--bot LEVEL`, `--team`, `--rules`, `--mail`), checked with a
 * usage error for bad values, the configurations of `--table`, and the two capacity lines scripts
 * read (`rows written per human decision: X`, `free plan: N complete matches/day`).
 */
import { PRESET_NAMES } from '../worker/engine/rules';
import { BOT_LEVELS, type BotLevel } from '../worker/protocol/fields';

/** One configuration: the seats, in order (seat 0 is human), the rules and how the humans follow. */
export interface BenchConfig {
  label: string;
  rules: string;
  team: number;
  /** Seat kinds, seat 0 first; humans and bots alternate while both are left. */
  seats: Array<'human' | 'bot'>;
  bot: BotLevel;
  /** Every human on e-mail, none on a page (no socket): every turn sends a mail. */
  mail: boolean;
  /** The pages send their moves over their authenticated socket (`--socket`) instead of `POST /moves`. */
  socket: boolean;
}

/** Free plan, per account and day: Durable Object requests and rows written. */
export const FREE_REQUESTS = 100_000;
export const FREE_ROWS = 100_000;
/** A WebSocket message counts as 1/20 of a request (Cloudflare's Durable Objects pricing). */
export const SOCKET_RATIO = 20;

const USAGE =
  'usage: npm run bench:server -- [--matches N] [--table] [--seats N] [--humans N] [--bots N] ' +
  `[--bot ${BOT_LEVELS.join('|')}] [--team 1|2] [--rules ${PRESET_NAMES.join('|')}] [--mail] ` +
  '[--socket] [--bot-delay MS] [--player basic|random] [--messages N] [--open N] [--check-only]';

/** Thrown for a bad option; main prints it with the usage line and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(`${message}\n${USAGE}`);
  }
}

/** `--name value` pairs (a flag without a value is "1"). */
export function parseArgs(argv: string[]): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--'))
      args.set(a.slice(2), argv[i + 1] === undefined || argv[i + 1].startsWith('--') ? '1' : argv[i + 1]);
  }
  return args;
}

/** The whole number option `name` in [min, max], or `fallback` when absent. */
export function intOption(
  args: Map<string, string>,
  name: string,
  fallback: number,
  min: number,
  max: number,
) {
  const raw = args.get(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  return n;
}

/** Seat kinds for `humans` humans and `bots` bots: seat 0 human, then alternating while both are left. */
export function seatKinds(humans: number, bots: number): Array<'human' | 'bot'> {
  const out: Array<'human' | 'bot'> = [];
  let h = humans;
  let b = bots;
  while (h + b > 0) {
    const human = h > 0 && (out.at(-1) !== 'human' || b === 0);
    out.push(human ? 'human' : 'bot');
    if (human) h--;
    else b--;
  }
  return out;
}

/**
 * The one configuration the options describe: `--seats` (default 4) all human, or `--humans` and
 * `--bots` (either alone fills the rest of `--seats`). Usage errors for values out of range or that
 * do not add up.
 */
export function configFromArgs(args: Map<string, string>): BenchConfig {
  const rules = args.get('rules') ?? 'classic';
  if (!(PRESET_NAMES as readonly string[]).includes(rules))
    throw new UsageError(`--rules must be one of ${PRESET_NAMES.join(', ')} (got "${rules}")`);
  const team = intOption(args, 'team', 1, 1, 2);
  const bot = (args.get('bot') ?? 'basic') as BotLevel;
  if (!BOT_LEVELS.includes(bot))
    throw new UsageError(`--bot must be one of ${BOT_LEVELS.join(', ')} (got "${bot}")`);
  const seatsGiven = args.has('seats');
  let seats = intOption(args, 'seats', 4, 2, 8);
  let humans = intOption(args, 'humans', -1, 1, 8);
  let bots = intOption(args, 'bots', -1, 0, 7);
  if (humans < 0 && bots < 0) humans = seats;
  else if (humans < 0) humans = seats - bots;
  else if (bots < 0) bots = seatsGiven ? seats - humans : 0;
  bots = Math.max(bots, 0);
  if (humans < 1) throw new UsageError('at least one human seat is needed (seat 0 creates the match)');
  if (seatsGiven && humans + bots !== seats)
    throw new UsageError(
      `--humans ${humans} and --bots ${bots} make ${humans + bots} seats, not --seats ${seats}`,
    );
  seats = humans + bots;
  if (seats < 2 || seats > 8) throw new UsageError(`a match has 2 to 8 seats (got ${seats})`);
  if (team === 2 && seats % 2 !== 0) throw new UsageError('--team 2 needs an even number of seats');
  const mail = args.has('mail');
  const socket = args.has('socket') && !mail;
  const who =
    bots > 0
      ? `${humans} human${humans > 1 ? 's' : ''} + ${bots} ${bot} bot${bots > 1 ? 's' : ''}`
      : `${humans} humans`;
  return {
    label: `${who}${team > 1 ? ` in teams of ${team}` : ''}${mail ? ', all on e-mail, no page open' : ''}${socket ? ', moves over the socket' : ''}`,
    rules,
    team,
    seats: seatKinds(humans, bots),
    bot,
    mail,
    socket,
  };
}

/**
 * The configurations of `--table`, on the rules of `--rules` (default classic); with `socket`, the
 * pages send their moves over the socket (the e-mail configuration has no page).
 */
export function tableConfigs(rules: string, socket = false): BenchConfig[] {
  const c = (label: string, humans: number, bots: number, bot: BotLevel, team = 1, mail = false) => ({
    label: `${label}${socket && !mail ? ', moves over the socket' : ''}`,
    rules,
    team,
    seats: seatKinds(humans, bots),
    bot,
    mail,
    socket: socket && !mail,
  });
  return [
    c('4 humans', 4, 0, 'basic'),
    c('2 humans + 2 bots (basic)', 2, 2, 'basic'),
    c('1 human + 3 bots (expert)', 1, 3, 'expert'),
    c('2 players', 2, 0, 'basic'),
    c('partnership 2x2 (4 humans)', 4, 0, 'basic', 2),
    c('4 humans on e-mail, no page open (every turn mails)', 4, 0, 'basic', 1, true),
  ];
}

/** What one configuration cost per complete match (means over its matches). */
export interface MatchCost {
  humanDecisions: number;
  /** Every row: creation, log, snapshots, schedule, outbox, chat; plus `setAlarm` calls and address objects' rows. */
  rows: number;
  /** Durable Object requests, each move one (match and address objects). */
  requests: number;
  /**
   * Human moves sent (`POST /moves`, or move frames with `--socket`), each counted as one of
   * `requests`: the match object counts a move frame as a request like a POST, so `requests` is the
   * all-HTTP figure either way and `capacityLines` derives the socket one (1/20 each).
   */
  moveRequests: number;
}

/**
 * The capacity lines of one configuration, for scripts: `rows written per human decision: X`,
 * `free plan: N complete matches/day` (the smaller of rows and requests with moves over HTTP), and
 * the same with moves over the socket (each move 1/20 request).
 */
export function capacityLines(c: MatchCost): string[] {
  const overSocket = c.requests - c.moveRequests + c.moveRequests / SOCKET_RATIO;
  const byRows = FREE_ROWS / c.rows;
  const byHttp = FREE_REQUESTS / c.requests;
  const bySocket = FREE_REQUESTS / overSocket;
  return [
    `rows written per human decision: ${(c.rows / c.humanDecisions).toFixed(3)}`,
    `per complete match: ${c.humanDecisions.toFixed(0)} human decisions, ${c.rows.toFixed(0)} rows written, ` +
      `${c.requests.toFixed(0)} DO requests with moves over HTTP, ${overSocket.toFixed(0)} with moves over the socket (1/${SOCKET_RATIO} each)`,
    `free plan: ${Math.floor(Math.min(byRows, byHttp))} complete matches/day`,
    `  (by rows written ${byRows.toFixed(1)}, by requests ${byHttp.toFixed(1)} over HTTP; ` +
      `with moves over the socket: by requests ${bySocket.toFixed(1)} → ${Math.floor(Math.min(byRows, bySocket))} complete matches/day)`,
  ];
}
