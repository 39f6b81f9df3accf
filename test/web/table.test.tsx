// @vitest-environment happy-dom
/**
 * Component tests of the table for representative views: every area's piles, distance, 200s and
 * safeties (coup fourré sideways); the hand highlights exactly the cards with a legal play; a tap on
 * a card offers exactly its legal targets and sends the move object taken from `legalMoves`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CardFace } from '../../web/src/components/Card';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { fr, cards as frCards, events as frEvents } from '../../web/src/i18n/fr';
import { loadErrorWords, loadReasonWords } from '../../web/src/lib/words';
import { Table } from '../../web/src/screens/Table';
import { CARD_IDS } from '../../worker/engine/cards';
import { drawView, info, teamView, view, windowView } from './fixtures';
import { buttons, click, fakeSession, mount, mountLoaded } from './render';

beforeEach(() => useCatalogForTests('en', en));

describe('the table for a mid-hand view', () => {
  it('shows every area with battle top, speed top, distance, progress toward the goal and 200s used', () => {
    const { session } = fakeSession(info(view()));
    const root = mount(<Table session={session} />);
    const areas = root.querySelectorAll('section.tableau');
    expect(areas).toHaveLength(2);
    const mine = root.querySelector('section.tableau.mine')!;
    expect(mine.getAttribute('aria-label')).toBe('Your area');
    expect(mine.querySelector('[aria-label^="Battle"]')!.getAttribute('aria-label')).toBe(
      'Battle: Roll, remedy card',
    );
    expect(mine.querySelector('[aria-label^="Speed"]')!.getAttribute('aria-label')).toBe(
      'Speed: Speed Limit, hazard card',
    );
    expect(mine.textContent).toContain('275 of 1000 km');
    expect(mine.textContent).toContain('200 km cards: 1 of 2');
    const bar = mine.querySelector('progress')!;
    expect(bar.getAttribute('max')).toBe('1000');
    expect(bar.getAttribute('value')).toBe('275');
    const bob = root.querySelector('section.tableau[data-team="1"]')!;
    expect(bob.getAttribute('aria-label')).toBe("Bob's area");
    expect(bob.querySelector('[aria-label^="Battle"]')!.getAttribute('aria-label')).toBe(
      'Battle: Accident, hazard card',
    );
    expect(bob.textContent).toContain('stopped');
  });

  it('turns coup-fourré safeties sideways and labels them as such', () => {
    const { session } = fakeSession(info(view()));
    const root = mount(<Table session={session} />);
    const safeties = root.querySelector('section.tableau.mine .safeties')!;
    const sideways = safeties.querySelectorAll('.card-wrap.sideways');
    expect(sideways).toHaveLength(1);
    expect(sideways[0].querySelector('[role="img"]')!.getAttribute('aria-label')).toBe(
      'Extra Tank, safety played as coup fourré',
    );
    const upright = [...safeties.querySelectorAll('.card-wrap:not(.sideways) [role="img"]')];
    expect(upright.map((e) => e.getAttribute('aria-label'))).toEqual(['Right of Way, safety card']);
  });

  it('highlights exactly the cards that have a legal play (a discard alone is not highlighted)', () => {
    const { session } = fakeSession(info(view()));
    const root = mount(<Table session={session} />);
    const hand = [...root.querySelectorAll('ul.hand button.card')];
    // The spoken name of each card button: its card, its kind, and whether it can be played.
    expect(hand.map((b) => b.querySelector('.sr-only')!.textContent)).toEqual([
      '100 km, distance card',
      'Stop, hazard card, can be played',
      'Roll, remedy card',
      '200 km, distance card',
      'Repairs, remedy card',
      'Driving Ace, safety card, can be played',
      '25 km, distance card, can be played',
    ]);
    for (const b of hand) expect(b.querySelector('.face')!.getAttribute('aria-hidden')).toBe('true');
    expect(hand.map((b) => b.classList.contains('legal'))).toEqual([
      false,
      true,
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  it('tapping a hazard offers its legal target, then sends that exact legal move', () => {
    const v = view();
    const { session, sent } = fakeSession(info(v));
    const root = mount(<Table session={session} />);
    click(buttons(root, 'Stop, hazard card')[0]);
    expect(root.textContent).toContain('Where should Stop go?');
    // The target is offered in the action bar and on Bob's area; not on my own area.
    expect(buttons(root, 'Play on Bob')).toHaveLength(2);
    expect(buttons(root, 'Play on my area')).toHaveLength(0);
    expect(root.querySelector('section.tableau.mine')!.classList.contains('is-target')).toBe(false);
    expect(root.querySelector('section.tableau[data-team="1"]')!.classList.contains('is-target')).toBe(true);
    click(root.querySelector('section.tableau[data-team="1"] .target-btn'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBe(v.legalMoves[1]);
  });

  it('a card with only a discard says it cannot be played and offers the discard pile', () => {
    const v = view();
    const { session, sent } = fakeSession(info(v));
    const root = mount(<Table session={session} />);
    click(buttons(root, '100 km, distance card')[0]);
    expect(root.textContent).toContain('100 km cannot be played now.');
    const discardButtons = buttons(root, 'Discard 100 km');
    expect(discardButtons.length).toBeGreaterThanOrEqual(1);
    click(root.querySelector('.piles button.discard'));
    expect(sent).toEqual([{ type: 'discard', card: 'd100' }]);
  });

  it("tapping a card that cannot be played says why, from the view's reasons", async () => {
    const { session } = fakeSession(info(view()));
    const root = mount(<Table session={session} />);
    // The words load after the first paint (a lazy chunk), before any tap.
    await loadReasonWords();
    click(buttons(root, '100 km, distance card')[0]);
    const hint = root.querySelector('.hand-area .hint')!;
    expect(hint.textContent).toBe(
      '100 km cannot be played now. You are under a Speed Limit: at most 50 km per card.',
    );
    click(buttons(root, 'Roll, remedy card')[0]);
    expect(hint.textContent).toBe('Roll cannot be played now. You are already rolling.');
  });

  it('names the target and its safety, in the reader’s language', async () => {
    await loadReasonWords();
    const target = { target: 1, team: 1, seats: [1] };
    const v = view({
      legalMoves: [{ type: 'discard', card: 'stop' }],
      reasons: { stop: [{ code: 'hazard.target_protected', params: { ...target, safety: 'right_of_way' } }] },
    });
    const { session } = fakeSession(info(v));
    const root = mount(<Table session={session} />);
    click(buttons(root, 'Stop, hazard card')[0]);
    expect(root.querySelector('.hand-area .hint')!.textContent).toBe(
      'Stop cannot be played now. Bob has Right of Way.',
    );
    useCatalogForTests('fr', fr, frEvents, frCards);
    const again = mount(<Table session={fakeSession(info(v)).session} />);
    click(again.querySelectorAll('ul.hand button.card')[1]);
    expect(again.querySelector('.hand-area .hint')!.textContent).toContain(
      'Bob a la botte Véhicule prioritaire.',
    );
  });

  it('a card the view gives no reason for keeps the plain words', () => {
    const { session } = fakeSession(info(view({ reasons: {} })));
    const root = mount(<Table session={session} />);
    click(buttons(root, '100 km, distance card')[0]);
    expect(root.querySelector('.hand-area .hint')!.textContent).toBe('100 km cannot be played now.');
  });

  it('shows the pending move within the same render (optimistic feedback) and disables input', () => {
    const { session, raw } = fakeSession(info(view()));
    const root = mount(<Table session={session} />);
    click(buttons(root, '25 km, distance card')[0]);
    click(buttons(root, 'Play on my area')[0]);
    expect(raw.pending.value).toEqual({ type: 'play', card: 'd25' });
    expect(root.textContent).toContain('Sending your move…');
    const d25 = buttons(root, '25 km, distance card')[0];
    expect(d25.classList.contains('pending')).toBe(true);
    expect(d25.disabled).toBe(true);
  });

  it('whose turn it is and the deadline in local time', () => {
    const { session } = fakeSession(info(view()));
    const root = mount(<Table session={session} />);
    expect(root.querySelector('.statusbar')!.textContent).toContain('Your turn');
    expect(root.querySelector('.statusbar')!.textContent).toMatch(/Turn ends .+/);
    const { session: other } = fakeSession(info(view({ turn: 1, legalMoves: [] })));
    const root2 = mount(<Table session={other} />);
    expect(root2.querySelector('.statusbar')!.textContent).toContain("Bob's turn");
    expect(root2.querySelectorAll('ul.hand button.legal')).toHaveLength(0);
  });
});

describe('draw phase', () => {
  it('offers the draw pile and the discard pile when both draws are legal', () => {
    const { session, sent } = fakeSession(info(drawView()));
    const root = mount(<Table session={session} />);
    const deck = root.querySelector<HTMLButtonElement>('.piles button.deck')!;
    const discard = root.querySelector<HTMLButtonElement>('.piles button.discard')!;
    expect(deck.disabled).toBe(false);
    expect(discard.disabled).toBe(false);
    expect(discard.textContent).toContain('Take Gasoline from the discard pile');
    expect(deck.textContent).toBe('61Draw a card — Draw pile, 61 cards');
    click(discard);
    expect(sent).toEqual([{ type: 'draw', from: 'discard' }]);
  });

  it('disables the discard pile when only the draw pile is legal', () => {
    const v = drawView();
    const { session, sent } = fakeSession(info({ ...v, legalMoves: [{ type: 'draw' }] }));
    const root = mount(<Table session={session} />);
    expect(root.querySelector<HTMLButtonElement>('.piles button.discard')!.disabled).toBe(true);
    click(root.querySelector('.piles button.deck'));
    expect(sent).toEqual([{ type: 'draw' }]);
  });
});

describe('response window', () => {
  it('asks the seat with its legal answers and a countdown', () => {
    const v = windowView();
    const { session, sent } = fakeSession(
      info(v, {
        you: { seat: 1, host: false },
        deadlines: { turn: null, window: new Date(Date.now() + 90_000).toISOString() },
      }),
    );
    const root = mount(<Table session={session} />);
    const prompt = root.querySelector('.prompt')!;
    expect(prompt.textContent).toContain('Ann played Stop on you. Answer?');
    expect(prompt.textContent).toMatch(/0:01:(2|3)\d left/);
    click(buttons(prompt, 'Coup fourré with Right of Way')[0]);
    expect(sent).toEqual([{ type: 'coupFourre', card: 'right_of_way' }]);
  });

  it('tells the other players who is being asked, without showing answers', () => {
    const v = { ...windowView(), seat: 0, hand: [], legalMoves: [] };
    const { session } = fakeSession(info(v));
    const root = mount(<Table session={session} />);
    const prompt = root.querySelector('.prompt')!;
    expect(prompt.textContent).toContain('Waiting for Bob to answer the Stop.');
    expect(prompt.querySelectorAll('button')).toHaveLength(0);
    // Another player's move is announced by the journal alone: no other live region names it.
    const live = [...root.querySelectorAll('[aria-live="polite"], [aria-live="assertive"], [role="status"]')]
      .filter((e) => !e.closest('.journal'))
      .map((e) => e.textContent ?? '');
    expect(live.join(' ')).not.toContain('Stop');
  });

  it("tells a screen reader when the answer is the reader's own", () => {
    const v = windowView();
    const { session } = fakeSession(info(v, { you: { seat: 1, host: false } }));
    const root = mount(<Table session={session} />);
    const live = [...root.querySelectorAll('[aria-live="polite"]')].map((e) => e.textContent ?? '');
    expect(live).toContain('Your answer is needed');
  });
});

describe('teams', () => {
  it('names a team by its players and targets it by the lowest seat', () => {
    const v = teamView();
    const { session, sent } = fakeSession(info(v, { you: { seat: 2, host: false } }));
    const root = mount(<Table session={session} />);
    expect(root.querySelector('section.tableau[data-team="1"]')!.getAttribute('aria-label')).toBe(
      "Bob and Dee's area",
    );
    const mine = root.querySelector('section.tableau.mine')!;
    expect(mine.querySelector('h2')!.textContent).toBe('Your area · Ann and Cy');
    expect([...mine.querySelectorAll('.chip')].map((c) => c.textContent)).toContain('Cy: 7 cards in hand');
    click(buttons(root, 'Stop, hazard card')[0]);
    click(buttons(root, 'Play on Bob and Dee')[0]);
    expect(sent).toEqual([{ type: 'play', card: 'stop', target: 1 }]);
  });
});

describe('card faces', () => {
  it('regression: no card button holds a div (a button takes phrasing content only), and faces look the same', () => {
    const { session } = fakeSession(info(view()));
    const root = mount(<Table session={session} />);
    const hand = [...root.querySelectorAll('ul.hand button.card')];
    expect(hand.length).toBeGreaterThan(0);
    for (const b of hand) {
      expect(b.querySelectorAll('div')).toHaveLength(0);
      expect(b.querySelector('.face-kind')).not.toBeNull();
      expect(b.querySelector('.face-name')!.textContent).not.toBe('');
    }
    // Nor the discard pile's button, whose top card is a CardFace.
    expect(root.querySelector('button.discard [role="img"]')).not.toBeNull();
    expect(root.querySelectorAll('button div')).toHaveLength(0);
    // The spans keep the layout the divs had: .card-wrap an inline block, .card an inline flex box,
    // .face and .face-kind flex boxes, .face-name a block.
    const styles = readFileSync(join(__dirname, '../../web/src/styles.css'), 'utf8').replace(
      /\/\*[\s\S]*?\*\//g,
      '',
    );
    const display = (selector: string) =>
      styles
        .split('\n}')
        .find((r) => r.trim().startsWith(`${selector} {`))
        ?.match(/display: ([\w-]+);/)?.[1];
    expect(['.card-wrap', '.card', '.face', '.face-kind', '.face-name'].map(display)).toEqual([
      'inline-block',
      'inline-flex',
      'flex',
      'flex',
      'block',
    ]);
  });

  it('every card has an icon, its kind in words and its name, in English and in French', () => {
    for (const card of CARD_IDS) {
      const root = mount(<CardFace card={card} />);
      const face = root.querySelector('[role="img"]')!;
      expect(face.getAttribute('aria-label')).toMatch(/, (distance|hazard|remedy|safety) card$/);
      expect(root.querySelector('.face-kind svg.kind-icon')).not.toBeNull();
      expect(root.querySelector('.face-kind span')!.textContent).toMatch(/^(Distance|Hazard|Remedy|Safety)$/);
    }
    useCatalogForTests('fr', fr, frEvents, frCards);
    const root = mount(<CardFace card="roll" />);
    expect(root.querySelector('.face-name')!.textContent).toBe('Feu vert');
    expect(root.querySelector('[role="img"]')!.getAttribute('aria-label')).toBe('Feu vert, carte parade');
  });
});

describe('fast game and extension', () => {
  it('mulligan: pick cards, and only a legal set can be confirmed', () => {
    const v = view({
      rules: { preset: 'hasbro-2016', options: { ...view().rules.options, mulligan: true } },
      hand: ['d25', 'd50', 'stop'],
      legalMoves: [
        { type: 'discard', card: 'd25' },
        { type: 'mulligan', cards: ['d25'] },
        { type: 'mulligan', cards: ['d25', 'stop'] },
      ],
    });
    const { session, sent } = fakeSession(info(v));
    const root = mount(<Table session={session} />);
    click(buttons(root, 'Swap cards')[0]);
    expect(root.textContent).toContain('Pick the cards to swap, then confirm.');
    click(buttons(root, 'Stop, hazard card')[0]);
    expect(buttons(root, 'Swap 1 card')[0].disabled).toBe(true); // [stop] alone is no legal mulligan
    click(buttons(root, '25 km, distance card')[0]);
    const confirm = buttons(root, 'Swap 2 cards')[0];
    expect(confirm.disabled).toBe(false);
    click(confirm);
    expect(sent).toEqual([{ type: 'mulligan', cards: ['d25', 'stop'] }]);
  });

  it('extension: offers both legal answers at 700 km and says what a failed one costs', () => {
    const v = view({
      phase: 'extension',
      legalMoves: [
        { type: 'extension', accept: true },
        { type: 'extension', accept: false },
      ],
    });
    const { session, sent } = fakeSession(info(v));
    const root = mount(<Table session={session} />);
    expect(root.textContent).toContain('You reached 700 km. Extend the trip to 1000 km?');
    // What a failed extension costs (RULES.md §8): said before the choice.
    expect(root.textContent).toContain(
      'If you do not reach 1000 km before the hand ends, each opponent scores 200.',
    );
    click(buttons(root, 'End the trip at 700 km')[0]);
    expect(sent).toEqual([{ type: 'extension', accept: false }]);
  });

  it('a spectator sees the table and no hand', () => {
    const v = view({ seat: null, hand: [], legalMoves: [] });
    const { session } = fakeSession(info(v, { you: { seat: null, host: false } }));
    const root = mount(<Table session={session} />);
    expect(root.querySelectorAll('section.tableau')).toHaveLength(2);
    expect(root.querySelector('section.tableau.mine')).toBeNull();
    expect(root.textContent).toContain('You are watching this match.');
  });
});

describe('a move in flight', () => {
  beforeEach(() => useCatalogForTests('en', en));
  // Let the word chunks the table asked for finish loading before the environment goes.
  afterEach(() => Promise.all([loadReasonWords(), loadErrorWords()]));

  it('is announced by one live region, not by two ("Sending your move…" twice)', async () => {
    const { session } = fakeSession(info(view()));
    const root = await mountLoaded(<Table session={session} />, 'ul.hand');
    act(() => {
      session.pending.value = { type: 'play', card: 'd25' };
    });
    const live = [...root.querySelectorAll('[aria-live]')].filter(
      (e) => e.getAttribute('aria-live') !== 'off' && e.textContent?.includes(en['table.sending']),
    );
    expect(live.map((e) => e.className)).toHaveLength(1);
  });
});

describe('a selected card', () => {
  beforeEach(() => useCatalogForTests('en', en));
  afterEach(() => Promise.all([loadReasonWords(), loadErrorWords()]));

  it('is let go when an update leaves it only a discard, so a tap meant as a play never discards it', async () => {
    // Ann is stopped and holds a Roll: she taps it (the actions offer to play it).
    const stopped = view();
    stopped.tableaux[0] = { ...stopped.tableaux[0], battle: ['stop'], rolling: false };
    stopped.legalMoves = [
      { type: 'play', card: 'roll' },
      ...stopped.hand.map((card) => ({ type: 'discard' as const, card })),
    ];
    const { session, raw } = fakeSession(info(stopped));
    const root = await mountLoaded(<Table session={session} />, 'ul.hand');
    const roll = [...root.querySelectorAll('ul.hand button.card')][stopped.hand.indexOf('roll')];
    click(roll);
    expect(buttons(root, 'Discard').length).toBeGreaterThan(0);
    // Another tab of the same seat played a Roll meanwhile: the update arrives, the Roll is only a discard.
    const rolling = view({ version: stopped.version + 2 });
    rolling.legalMoves = rolling.hand.map((card) => ({ type: 'discard' as const, card }));
    act(() => {
      raw.info.value = info(rolling);
    });
    const actions = [...root.querySelectorAll('.hand-area .actions button')].map((b) => b.textContent);
    expect(actions).toEqual([]);
  });
});
