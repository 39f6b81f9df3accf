// @vitest-environment happy-dom
/**
 * The table's status once the situation changes. The status bar's headline always says something: whose move it is; at the end of a hand that it is
 * over; at the end of the match who won; while other seats' moves replay one by one (the view then
 * names nobody), the seat whose move shows next; and a moment that names nobody keeps the words
 * shown before instead of a blank line. A finished match no longer says the computer plays a seat.
 */
import { act } from 'preact/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { Table } from '../../web/src/screens/Table';
import { handOverView, info, matchOverView, view } from './fixtures';
import { fakeSession, mount } from './render';

beforeEach(() => useCatalogForTests('en', en));

const headline = (root: Element) => root.querySelector('.statusbar .headline')?.textContent ?? null;

describe('the status headline', () => {
  it('names the winner at the end of the match', () => {
    const { session } = fakeSession(info(matchOverView()));
    expect(headline(mount(<Table session={session} />))).toBe('Bob won the match!');
  });

  it('says the hand is over at the end of a hand', () => {
    const { session } = fakeSession(info(handOverView()));
    expect(headline(mount(<Table session={session} />))).toBe('Hand 1 is over');
  });

  it('names the seat whose move shows next while a run replays', () => {
    const masked = view({ turn: null, legalMoves: [], window: null });
    const { session, raw } = fakeSession(info(masked));
    const replaying = { version: masked.version, shown: 2, finish: () => {}, update: () => {} };
    raw.replay.value = { ...replaying, next: 1 };
    const root = mount(<Table session={session} />);
    expect(headline(root)).toBe("Bob's turn");
    // The reader's own answer in the run names nobody: the words before stay (not "Your turn" yet).
    act(() => {
      raw.replay.value = { ...replaying, next: 0 };
    });
    expect(headline(root)).toBe("Bob's turn");
  });

  it('keeps the words shown before through an update that names nobody (no blank frame)', () => {
    const { session, raw } = fakeSession(info(view({ turn: 1, legalMoves: [] })));
    const root = mount(<Table session={session} />);
    expect(headline(root)).toBe("Bob's turn");
    act(() => {
      raw.info.value = info(view({ version: 13, turn: null, legalMoves: [] }));
    });
    expect(headline(root)).toBe("Bob's turn");
    act(() => {
      raw.info.value = info(view({ version: 14, turn: 0 }));
    });
    expect(headline(root)).toBe('Your turn');
  });
});

describe('a finished match', () => {
  it('no longer says the computer plays a seat', () => {
    const standIn = (v: ReturnType<typeof view>) =>
      info(v, { seats: info(v).seats.map((x) => (x.seat === 1 ? { ...x, botStandIn: true } : x)) });
    const playing = mount(<Table session={fakeSession(standIn(view())).session} />);
    expect(playing.textContent).toContain('computer plays for now');
    const over = mount(<Table session={fakeSession(standIn(matchOverView())).session} />);
    expect(over.textContent).not.toContain('computer plays for now');
  });
});
