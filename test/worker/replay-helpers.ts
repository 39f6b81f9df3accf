/**
 * Helpers of the replay tests: playing a match into a later hand, so that earlier hands are
 * over (and have a replay) while the later one runs.
 */
import { playOut, type TestMatch } from './helpers';

/**
 * Plays `m` by the same picks as `playOut` until hand `hand` runs: its deal done and its deck below
 * `deckBelow` cards (some of its moves made).
 */
export async function playInto(m: TestMatch, hand: number, deckBelow = 93): Promise<void> {
  const stop = new Error('stop');
  await playOut(m, {
    seed: 7,
    onInfo: (_seat, i) => {
      if (i.view && i.view.handNumber >= hand && i.view.phase !== 'handOver' && i.view.deckSize < deckBelow)
        throw stop;
    },
  }).catch((e) => {
    if (e !== stop) throw e;
  });
}
