// @vitest-environment happy-dom
/**
 * Component tests of the phone table's parts: the compact line of another area
 * (its contents with who is away, opened by a tap), the draw on the piles (not in the dock), the hint while a response window is open or when only a discard
 * is left, the countdown as h:mm:ss ticking each second, the reason shown on the tapped card, where
 * the focus goes after the player's move, and what an update changed (flashed where it happened).
 */
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nameFit } from '../../web/src/components/Card';
import { Countdown, clockLeft } from '../../web/src/components/Countdown';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import type { MatchView } from '../../web/src/lib/types';
import { loadReasonWords } from '../../web/src/lib/words';
import { Table } from '../../web/src/screens/Table';
import { loadDiffer } from '../../web/src/screens/table/changes';
import { diffViews } from '../../web/src/screens/table/diff-views';
import { info, tableau, view, windowView } from './fixtures';
import { buttons, click, fakeSession, mount, mountLoaded } from './render';

beforeEach(() => useCatalogForTests('en', en));
afterEach(() => vi.useRealTimers());

/** Waits (a few turns of the event loop) until `selector` matches in `root`: parts load after first paint. */
async function loaded(root: Element, selector: string): Promise<Element> {
  for (let i = 0; i < 100 && !root.querySelector(selector); i++)
    await act(async () => new Promise((r) => setTimeout(r, 0)));
  return root.querySelector(selector)!;
}

/** Lets the promise of a sent move and the focus step after it run (its module loads on first use). */
const settle = async () => {
  for (let i = 0; i < 50 && document.activeElement === document.body; i++)
    await act(async () => new Promise((r) => setTimeout(r, 5)));
};

describe("another player's compact line", () => {
  it('shows name, state in words, distance, battle top, safeties, and opens the full area on a tap', async () => {
    const v = view();
    v.tableaux[1] = tableau(1, [1], {
      battle: ['roll', 'accident'],
      speed: ['speed_limit'],
      km: 100,
      safeties: ['driving_ace'],
      coupFourre: [],
    });
    const root = await mountLoaded(<Table session={fakeSession(info(v)).session} />, 'button.area-line');
    const lines = root.querySelectorAll<HTMLButtonElement>('button.area-line');
    expect(lines).toHaveLength(1); // mine has no line: it stays in full
    const line = lines[0];
    expect(line.querySelector('.al-name')!.textContent).toBe('Bob');
    expect(line.querySelector('.al-state')!.textContent).toBe('stopped');
    expect(line.querySelector('.al-km')!.textContent).toBe('100 km');
    expect([...line.querySelectorAll('.al-top')].map((e) => e.textContent)).toEqual([
      'Battle: Accident',
      'Speed: Speed Limit',
    ]);
    expect(line.querySelector('.al-safeties')!.textContent).toBe('Safeties: Driving Ace');
    expect(line.querySelectorAll('.al-safeties svg.mini-art')).toHaveLength(1);
    const area = root.querySelector(`#${line.getAttribute('aria-controls')}`)!;
    expect(area.getAttribute('aria-label')).toBe("Bob's area");
    expect(line.getAttribute('aria-expanded')).toBe('false');
    expect(line.closest('.area-wrap')!.classList.contains('open')).toBe(false);
    click(line);
    expect(line.getAttribute('aria-expanded')).toBe('true');
    expect(line.closest('.area-wrap')!.classList.contains('open')).toBe(true);
    click(line);
    expect(line.getAttribute('aria-expanded')).toBe('false');
  });

  it('names a player who left the match as such', async () => {
    const v = view();
    const left = info(v, { left: [{ seat: 1, hand: 1, at: new Date().toISOString(), outcome: 'bot' }] });
    const root = await mountLoaded(<Table session={fakeSession(left).session} />, 'button.area-line');
    expect(root.querySelector('button.area-line .al-name')!.textContent).toBe('Bob left the match');
  });

  it('says on the line itself who is away until when, without opening it', async () => {
    const away = info(view());
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    away.seats[1] = { ...away.seats[1], awayUntil: until };
    const root = await mountLoaded(<Table session={fakeSession(away).session} />, 'button.area-line');
    const line = root.querySelector('button.area-line')!;
    expect(line.getAttribute('aria-expanded')).toBe('false');
    expect(line.querySelector('.al-away')!.textContent).toMatch(/^Bob is away until /);
    const plain = await mountLoaded(
      <Table session={fakeSession(info(view())).session} />,
      'button.area-line',
    );
    expect(plain.querySelector('.al-away')).toBeNull();
  });

  it('says "driving" for a rolling area, and marks the line as the target of a selected hazard', async () => {
    const root = await mountLoaded(
      <Table
        session={
          fakeSession(
            info(
              view({ tableaux: [view().tableaux[0], tableau(1, [1], { battle: ['roll'], rolling: true })] }),
            ),
          ).session
        }
      />,
      'button.area-line',
    );
    const line = root.querySelector('button.area-line')!;
    expect(line.querySelector('.al-state')!.textContent).toBe('driving');
    expect(line.querySelector('.al-safeties')!.textContent).toBe('Safeties: none');
    expect(line.classList.contains('is-target')).toBe(false);
    click(buttons(root, 'Stop, hazard card')[0]);
    expect(line.classList.contains('is-target')).toBe(true);
  });
});

describe('the hint while a response window is open', () => {
  const hint = (root: Element) => root.querySelector('.hand-area .hint')!.textContent;

  it('asks the seat to answer with the buttons when it holds an answer', () => {
    const v = windowView();
    const root = mount(<Table session={fakeSession(info(v, { you: { seat: 1, host: false } })).session} />);
    expect(hint(root)).toBe('Answer the Stop with the buttons above.');
  });

  it('says that nothing in the hand answers when only "let it go" is legal (nothing highlighted)', () => {
    const v = { ...windowView(), hand: windowView().hand.filter((c) => c !== 'right_of_way') };
    v.legalMoves = [{ type: 'pass' }];
    const root = mount(<Table session={fakeSession(info(v, { you: { seat: 1, host: false } })).session} />);
    expect(root.querySelectorAll('ul.hand button.legal')).toHaveLength(0);
    expect(hint(root)).toBe('No card in your hand answers the Stop: press “Let it go” above.');
    expect(hint(root)).not.toContain('highlighted');
  });

  it('tells the others that play waits, naming nobody (the journal announces moves)', () => {
    const v = { ...windowView(), seat: 0, legalMoves: [] };
    const root = mount(<Table session={fakeSession(info(v)).session} />);
    expect(hint(root)).toBe('Play waits for an answer to a hazard.');
  });

  it('outside a window, a hand with only discards says so instead of "highlighted cards"', async () => {
    const v = view({
      legalMoves: [
        { type: 'discard', card: 'd100' },
        { type: 'discard', card: 'stop' },
      ],
    });
    const root = mount(<Table session={fakeSession(info(v)).session} />);
    expect(hint(root)).toBe('No card can be played now: choose one to discard.');
    const draw = view({ phase: 'draw', legalMoves: [{ type: 'draw' }, { type: 'draw', from: 'discard' }] });
    const root2 = mount(<Table session={fakeSession(info(draw)).session} />);
    expect(hint(root2)).toBe('Draw a card');
    // The draw is the piles' (above the areas on a phone): the dock holds the hand only.
    expect(buttons(root2.querySelector('.piles')!, 'Take Gasoline from the discard pile')).toHaveLength(1);
    expect(root2.querySelector('.hand-area')!.querySelectorAll('button:not(.card)')).toHaveLength(0);
  });
});

describe('the docked hand', () => {
  it('is docked while the hand is played, and stays in the page once it is over (the end of hand needs the room)', () => {
    const playing = mount(<Table session={fakeSession(info(view())).session} />);
    expect(playing.querySelector('section.hand-area')!.classList.contains('dock')).toBe(true);
    // The end of hand asks for its journal page: no server here.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    const over = view({ phase: 'handOver' });
    over.legalMoves = [];
    const ended = mount(<Table session={fakeSession(info(over)).session} />);
    const hand = ended.querySelector('section.hand-area')!;
    expect(hand.classList.contains('dock')).toBe(false);
    expect(hand.querySelectorAll('ul.hand button.card').length).toBe(over.hand.length);
    vi.unstubAllGlobals();
  });
});

describe('the countdown', () => {
  it('is h:mm:ss, also under an hour and under a minute', () => {
    expect(clockLeft(90_000)).toBe('0:01:30');
    expect(clockLeft(59_999)).toBe('0:00:59');
    expect(clockLeft(3_725_000)).toBe('1:02:05');
    expect(clockLeft(12 * 3_600_000)).toBe('12:00:00');
    expect(clockLeft(-5_000)).toBe('0:00:00');
  });

  it('ticks each second', () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T10:00:00Z') });
    const root = mount(<Countdown until="2030-01-01T10:04:10Z" />);
    const timer = root.querySelector('[role="timer"]')!;
    expect(timer.textContent).toBe('0:04:10 left');
    act(() => void vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('0:04:09 left');
    act(() => void vi.advanceTimersByTime(2000));
    expect(timer.textContent).toBe('0:04:07 left');
  });

  it('says the end in words a day or more ahead (never "167:59:59"), and ticks once under a day', () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T10:00:00Z') });
    const root = mount(<Countdown until="2030-01-08T10:00:00Z" />);
    const timer = root.querySelector('[role="timer"]')!;
    expect(timer.textContent).toMatch(/^until .*in 7 days$/);
    expect(timer.textContent).not.toMatch(/\d+:\d\d:\d\d/);
    act(() => void vi.advanceTimersByTime(6 * 86_400_000 + 1000));
    expect(timer.textContent).toBe('23:59:59 left');
  });
});

describe('the reason on the tapped card', () => {
  it("shows the view's reason on the card itself, described to screen readers", async () => {
    await loadReasonWords();
    const root = mount(<Table session={fakeSession(info(view())).session} />);
    const card = buttons(root, '100 km, distance card')[0];
    click(card);
    const why = await loaded(card.parentElement!, '.card-why');
    expect(why.textContent).toBe(
      '100 km cannot be played now. You are under a Speed Limit: at most 50 km per card.',
    );
    expect(card.getAttribute('aria-describedby')).toBe(why.id);
    expect(root.querySelectorAll('.card-why')).toHaveLength(1);
    // The hint line under the bubble says the same, and is not drawn; the hand's live region says it.
    const hint = root.querySelector('.hand-area .hint')!;
    expect(hint.textContent).toBe(why.textContent);
    expect(hint.classList.contains('behind-why')).toBe(true);
    expect(root.querySelector('.hand-area [aria-live="polite"]')!.textContent).toBe(why.textContent);
    // A playable card has no reason; tapping it again closes the reason.
    click(buttons(root, '25 km, distance card')[0]);
    expect(root.querySelectorAll('.card-why')).toHaveLength(0);
    expect(root.querySelector('.hand-area .hint')!.classList.contains('behind-why')).toBe(false);
    expect(root.querySelector('.hand-area [aria-live="polite"]')!.textContent).toBe('Where should 25 km go?');
    expect(card.hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('the focus after a move', () => {
  /** A session whose move is answered with `next` (the view the server sends back). */
  function answering(next: MatchView) {
    const fake = fakeSession(info(view()));
    fake.raw.sendMove = vi.fn(async () => {
      fake.raw.info.value = info(next);
      return true;
    });
    return fake;
  }

  it("goes to the status line when it is another player's turn", async () => {
    const { session } = answering(view({ version: 13, turn: 1, legalMoves: [] }));
    const root = mount(<Table session={session} />);
    click(buttons(root, '25 km, distance card')[0]);
    const play = buttons(root, 'Play on my area')[0];
    play.focus();
    click(play);
    await settle();
    expect(document.activeElement).toBe(root.querySelector('.statusbar'));
  });

  it('goes to the first card that can be played when the player moves again', async () => {
    const next = view({
      version: 13,
      legalMoves: [
        { type: 'play', card: 'roll' },
        { type: 'discard', card: 'roll' },
      ],
    });
    const { session } = answering(next);
    const root = mount(<Table session={session} />);
    click(buttons(root, '25 km, distance card')[0]);
    click(buttons(root, 'Play on my area')[0]);
    await settle();
    expect(document.activeElement).toBe(buttons(root, 'Roll, remedy card')[0]);
  });
});

describe('what an update changed', () => {
  it('names the changed areas, the discard pile and the new hand cards', () => {
    const before = view();
    const after = view({
      version: 13,
      hand: ['d100', 'roll', 'd200', 'repairs', 'driving_ace', 'd25', 'd75'],
      discardTop: 'stop',
      discardSize: 10,
      tableaux: [before.tableaux[0], tableau(1, [1], { battle: ['roll', 'accident', 'repairs'], km: 100 })],
    });
    const c = diffViews(before, after);
    expect([...c.areas]).toEqual([1]);
    expect(c.discard).toBe(true);
    expect([...c.hand]).toEqual([6]);
    expect(diffViews(null, after).areas.size).toBe(0);
    expect(diffViews(before, { ...after, handNumber: 2 }).hand.size).toBe(0);
  });

  it("flashes the area where another player's move landed, and only there", async () => {
    await loadDiffer();
    const { session, raw } = fakeSession(info(view()));
    const root = mount(<Table session={session} />);
    expect(root.querySelectorAll('.flash')).toHaveLength(0);
    const next = view({ version: 13 });
    next.tableaux = [next.tableaux[0], tableau(1, [1], { battle: ['roll'], rolling: true, km: 100 })];
    act(() => void (raw.info.value = info(next)));
    const flashes = [...root.querySelectorAll('.flash')];
    expect(flashes).toHaveLength(1);
    expect(
      flashes[0].closest('.area-wrap')!.querySelector('section.tableau')!.getAttribute('data-team'),
    ).toBe('1');
  });
});

describe('card names fit their face', () => {
  it('sizes a face by its longest unbreakable piece, not its whole length', () => {
    expect(nameFit('Stop')).toBe('');
    expect(nameFit('Fin de limite de vitesse')).toBe('');
    expect(nameFit('Réparations')).toBe(' xlong');
    expect(nameFit('Répa\u00ADrations')).toBe('');
    expect(nameFit('Punkterings\u00ADfri')).toBe(' xxlong');
    expect(nameFit('Gasoline')).toBe(' long');
  });
});
