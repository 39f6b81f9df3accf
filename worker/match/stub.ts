/**
 * How the Worker (and a match creating its rematch) reaches a match's Durable Object: its stub,
 * named by the match id, typed by the RPC methods the callers use.
 */
import { type Env, testSeamsEnabled } from '../env';
import { faultOn, PLATFORM_MESSAGES } from '../faults';
import type { MatchDurableObject } from './durable';

/** The RPC surface of a match's Durable Object, as the Worker calls it. */
export type MatchStub = Pick<
  MatchDurableObject,
  | 'create'
  | 'createRematch'
  | 'info'
  | 'summary'
  | 'move'
  | 'claim'
  | 'confirmName'
  | 'startNow'
  | 'settings'
  | 'giveToBot'
  | 'reclaim'
  | 'leave'
  | 'rematch'
  | 'remove'
  | 'log'
  | 'journal'
  | 'replay'
  | 'chatSend'
  | 'chatList'
  | 'chatRemove'
  | 'chatRead'
  | 'benchStats'
  | 'replayCheck'
  | 'testAdvanceClock'
  | 'testTimePasses'
  | 'testSetBotDelay'
  | 'mail'
  | 'moveLink'
  | 'importSeatLinks'
  | 'revokeSeatLinks'
  | 'relinkSeat'
  | 'fetch'
  // -- open table --
  | 'joinOpen'
  | 'testRunAlarm'
>;

/**
 * The stub of match `matchId`'s Durable Object (named by the match id). With the test seams' `calls`
 * fault on (worker/faults.ts), every call on it fails as the platform's refusal past the daily
 * request limit does.
 */
export function matchStub(env: Env, matchId: string): MatchStub {
  if (testSeamsEnabled(env) && faultOn('calls', Date.now())) {
    const refuse = async () => {
      throw new Error(PLATFORM_MESSAGES.calls);
    };
    return new Proxy({}, { get: () => refuse }) as MatchStub;
  }
  // The generated RPC types cannot express `Reply.body: unknown`; the methods return plain data.
  return env.MATCH.get(env.MATCH.idFromName(matchId)) as unknown as MatchStub;
}
