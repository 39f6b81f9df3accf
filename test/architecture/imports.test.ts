/**
 * The import rules of docs/ARCHITECTURE.md hold for the whole source tree, and each rule fires on an
 * import that breaks it (so this test can fail).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allImports, IMPORT_RULES, type Import, importsIn, valueImportCycles, violations } from './imports';

const root = join(__dirname, '..', '..');

/** One made-up import of `from` (a repository path) with `source`'s import statement. */
function probe(from: string, source: string): Import[] {
  return importsIn(root, from, source);
}

describe('the import rules', () => {
  it('hold for worker/, web/src and scripts/', () => {
    const imports = allImports(root, ['worker', 'web/src', 'scripts']);
    expect(imports.length).toBeGreaterThan(300);
    const broken = violations(imports).map((v) => `${v.from} → ${v.target}: ${v.why}`);
    expect(broken).toEqual([]);
  });

  const breaking: Array<[string, string]> = [
    ['worker/engine/legal.ts', "import { DurableObject } from 'cloudflare:workers';"],
    ['worker/engine/legal.ts', "import { playMove } from '../match/moves';"],
    ['worker/shared/rules-data/cards.ts', "import type { GameEvent } from '../../engine/types';"],
    ['worker/words/events/describe.ts', "import { legalMoves } from '../../engine/legal';"],
    ['worker/bots/basic.ts', "import { commit } from '../match/commit';"],
    ['worker/notify/plan.ts', "import type { Meta } from '../match/rows';"],
    ['worker/notify/plan.ts', "import { matches } from '../routes/matches';"],
    ['worker/match/commit.ts', "import { app } from '../index';"],
    ['worker/match/commit.ts', "import { api } from '../../web/src/lib/api';"],
    ['worker/protocol/views.ts', "import { matches } from '../routes/matches';"],
    ['worker/league/actions.ts', "import { leagues } from '../routes/leagues';"],
    ['worker/match/league-tell.ts', "import { matchEnded } from '../league/actions';"],
    ['web/src/app.tsx', "import { legalMoves } from '../../worker/engine/legal';"],
    ['web/src/app.tsx', "import { commit } from '../../worker/match/commit';"],
    ['web/src/app.tsx', "const m = import('../../worker/match/commit');"],
    ['worker/decider/decide.ts', "import { commit } from '../match/commit';"],
    ['worker/decider/decide.ts', "import type { MatchContext } from '../match/context';"],
    ['worker/decider/decide.ts', "import { Notifier } from '../notify/notifier';"],
    ['worker/decider/decide.ts', "import * as v from 'valibot';"],
    ['worker/chat/write.ts', "import type { MatchContext } from '../match/context';"],
  ];
  for (const [from, source] of breaking) {
    it(`refuses in ${from}: ${source}`, () => {
      expect(violations(probe(from, source))).not.toEqual([]);
    });
  }

  const allowed: Array<[string, string]> = [
    ['worker/engine/legal.ts', "import { CARD_IDS } from './cards';"],
    ['worker/notify/plan.ts', "import { whoActs } from '../engine/index';"],
    ['worker/words/events/describe.ts', "import type { GameEvent } from '../../engine/types';"],
    ['web/src/lib/words.ts', "import { describeEvent } from '../../../worker/words/events/describe';"],
    ['web/src/app.tsx', "import type { MatchInfo } from '../../worker/protocol/views';"],
    ['web/src/app.tsx', "import { type MatchInfo, type Created } from '../../worker/protocol/views';"],
    ['web/src/app.tsx', "const practice = import('../../worker/bots/index');"],
    ['worker/index.ts', "import { matches } from './routes/matches';"],
    ['worker/league/actions.ts', "import { matchStub } from '../match/stub';"],
    ['worker/decider/decide.ts', "import { applyMove } from '../engine/index';"],
    ['worker/decider/automatic.ts', "import { chooseMove } from '../bots/index';"],
    ['worker/decider/change.ts', "import type { ChangeReason } from '../notify/scope';"],
    ['worker/match/commit.ts', "import { decide } from '../decider/decide';"],
    ['web/src/practice/practice.worker.ts', "const d = import('../../../worker/decider/decide');"],
  ];
  for (const [from, source] of allowed) {
    it(`allows in ${from}: ${source}`, () => {
      expect(violations(probe(from, source))).toEqual([]);
    });
  }

  it('has a rule for every part of the Worker and the client', () => {
    expect(IMPORT_RULES.map((r) => r.part).sort()).toEqual(
      [
        'web',
        'worker',
        'worker/bots',
        'worker/chat',
        'worker/decider',
        'worker/engine',
        'worker/league',
        'worker/match',
        'worker/notify',
        'worker/shared',
        'worker/words',
      ].sort(),
    );
  });
});

describe('value-import cycles', () => {
  it('there are none in worker/, web/src or scripts/', () => {
    const cycles = valueImportCycles(allImports(root, ['worker', 'web/src', 'scripts']));
    expect(cycles.map((c) => c.join(' → '))).toEqual([]);
  });

  it('finds a cycle of value imports, and not one made only of type imports', () => {
    const commit = probe('worker/match/commit.ts', "import { pushViews } from './sockets';");
    const sockets = probe('worker/match/sockets.ts', "import { commit } from './commit';");
    expect(valueImportCycles([...commit, ...sockets])).toEqual([
      ['worker/match/commit.ts', 'worker/match/sockets.ts'],
    ]);
    const typeOnly = probe('worker/match/sockets.ts', "import type { Committed } from './commit';");
    expect(valueImportCycles([...commit, ...typeOnly])).toEqual([]);
  });
});
