// @vitest-environment happy-dom
/**
 * The create form: every preset offers exactly its seatings and starts in the one
 * it is made for (Partnership: four players in two teams); an invited seat's address and the starting
 * seat are sent; the invitations mailed are named after creation, and the daily budget's refusal is
 * said in words with a way to create without addresses; the device remembers the creator's own
 * choices (never other people's) and ignores stored data it cannot read.
 */

import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { fr } from '../../web/src/i18n/fr';
import { CREATE_MEMORY_KEY } from '../../web/src/lib/create-memory';
import { ERROR_WORDS } from '../../web/src/lib/error-words/index';
import { loadErrorWords, loadReasonWords } from '../../web/src/lib/words';
import { CreateForm } from '../../web/src/screens/create/CreateForm';
import { PRESET_NAMES, PRESETS } from '../../worker/shared/rules-data';
import { click, mount } from './render';

const ID = 'CCCCCCCCCCCCCCCCCCCCCC';
type Body = {
  teamSize: number;
  firstSeat: number | 'random';
  rules: unknown;
  seats: Array<Record<string, unknown>>;
  turnDeadlineHours: number;
};
let bodies: Body[] = [];
/** The status each next create request answers (201 when the list is empty). */
let answers: number[] = [];
/** Whether the fake server has a mail sender (`Created.mailed` lists the invited seats). */
let sends = true;

beforeEach(() => {
  useCatalogForTests('en', en);
  localStorage.clear();
  history.replaceState(null, '', '/');
  bodies = [];
  answers = [];
  sends = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Body;
      bodies.push(body);
      const status = answers.shift() ?? 201;
      if (status === 429) {
        const error = {
          code: 'mail.daily_limit',
          message: 'Too many new e-mail addresses from this client today',
        };
        return new Response(JSON.stringify({ error }), { status });
      }
      const seats = body.seats.map((s, seat) => ({
        seat,
        name: (s.name as string | undefined) ?? `Player ${seat + 1}`,
        kind: s.kind,
        url: s.kind === 'human' ? `http://x/m/${ID}#seat=seattoken${seat}seattoken${seat}` : null,
      }));
      const mailed = sends ? body.seats.flatMap((s, seat) => (seat > 0 && s.email ? [seat] : [])) : [];
      const created = {
        matchId: ID,
        matchUrl: `http://x/m/${ID}`,
        hostUrl: null,
        inviteUrl: null,
        seats,
        mailed,
      };
      return new Response(JSON.stringify(created), { status: 201 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function set(control: unknown, value: string | boolean, event = 'input') {
  const el = control as HTMLInputElement | null;
  if (!el) throw new Error('no such control');
  act(() => {
    if (typeof value === 'boolean') el.checked = value;
    else el.value = value;
    el.dispatchEvent(new Event(event, { bubbles: true }));
  });
}

const $ = <E = HTMLInputElement>(root: Element, selector: string) =>
  root.querySelector(selector) as unknown as E | null;
const players = (root: Element) => $<HTMLSelectElement>(root, 'select[aria-label="Players"]')!;
const seatOptions = (root: Element) => [...players(root).options].map((o) => o.value);

async function submit(root: Element): Promise<void> {
  await act(async () => {
    $(root, 'form.create')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await act(async () => new Promise((r) => setTimeout(r, 0)));
}

/** The menu values a preset's seatings should have, from the shared data: "4" alone, "4x2" in teams. */
const expectedSeatings = (name: (typeof PRESET_NAMES)[number]) =>
  PRESETS[name].seatings.map((s) => (s.teamSize === 2 ? `${s.seats}x2` : String(s.seats)));

describe('seating per preset', () => {
  for (const name of PRESET_NAMES) {
    it(`${name} offers exactly its seatings and starts in the one it is made for`, async () => {
      const root = mount(<CreateForm />);
      set($(root, 'input[autocomplete="nickname"]'), 'Ann');
      click($(root, `input[value="${name}"]`));
      expect(seatOptions(root)).toEqual(expectedSeatings(name));
      const main = name === 'partnership' ? '4x2' : '2';
      expect(players(root).value).toBe(main);
      await submit(root);
      expect(bodies[0].teamSize).toBe(name === 'partnership' ? 2 : 1);
      expect(bodies[0].seats).toHaveLength(name === 'partnership' ? 4 : 2);
      expect(bodies[0].rules).toBe(name);
    });
  }

  it('Partnership never keeps a 2-player seating picked under another preset; a shared seating is kept', async () => {
    const root = mount(<CreateForm />);
    set(players(root), '2', 'change');
    click($(root, 'input[value="partnership"]'));
    expect(players(root).value).toBe('4x2');
    expect(players(root).selectedOptions[0].textContent).toBe('4 players in 2 teams');
    // Its 2- and 3-player seatings exist, with the source's own goal in words.
    expect([...players(root).options].map((o) => o.textContent)).toContain('3 players (700 km)');
    click($(root, 'input[value="hasbro-2016"]'));
    expect(players(root).value).toBe('4x2');
    set(players(root), '5', 'change');
    click($(root, 'input[value="classic"]'));
    expect(players(root).value).toBe('5');
    // Dujardin plays no 5: its own first seating.
    click($(root, 'input[value="dujardin"]'));
    expect(players(root).value).toBe('2');
  });

  it('keeps the seat kinds when the seating changes', async () => {
    const root = mount(<CreateForm />);
    set(players(root), '3', 'change');
    set($(root, 'select[aria-label="Seat 3: Who sits here"]'), 'bot', 'change');
    click($(root, 'input[value="partnership"]'));
    expect($<HTMLSelectElement>(root, 'select[aria-label="Seat 3: Who sits here"]')!.value).toBe('bot');
    expect(root.querySelectorAll('.seat-list li')).toHaveLength(4);
  });
});

describe('who starts and invitations by mail', () => {
  it('sends the chosen first seat, by name; a seat beyond the seating counts as random', async () => {
    const root = mount(<CreateForm />);
    // The creator's seat has one name, on its line and in "Who starts": "You", then "Ann (you)".
    const mine = () => root.querySelector('.seat-list li')!.textContent;
    expect(mine()).toBe('Seat 1: You');
    expect([...root.querySelectorAll('select[name="first"] option')].map((o) => o.textContent)).toContain(
      'You',
    );
    set($(root, 'input[autocomplete="nickname"]'), 'Ann');
    expect(mine()).toBe('Seat 1: Ann (you)');
    set(players(root), '3', 'change');
    set($(root, 'input[aria-label="Seat 3: Name"]'), 'Cy');
    const first = () =>
      ([...root.querySelectorAll('select')] as unknown as HTMLSelectElement[]).find(
        (s) => s.options[0]?.value === 'random',
      )!;
    expect([...first().options].map((o) => o.textContent)).toEqual([
      'Drawn at random',
      'Ann (you)',
      'Seat 2',
      'Cy',
    ]);
    set(first(), '2', 'change');
    await submit(root);
    expect(bodies[0].firstSeat).toBe(2);
    set(players(root), '2', 'change');
    expect(first().value).toBe('random');
    await submit(root);
    expect(bodies[1].firstSeat).toBe('random');
  });

  it('sends each invited seat its address, says to whom the invitations were mailed, then opens the match', async () => {
    const root = mount(<CreateForm />);
    set($(root, 'input[autocomplete="nickname"]'), 'Ann');
    set($(root, 'input[autocomplete="email"]'), 'ann@example.org');
    set(players(root), '4', 'change');
    set($(root, 'input[aria-label="Seat 2: Name"]'), 'Bob');
    set($(root, 'input[aria-label="Seat 2: E-mail for the invitation (optional)"]'), ' bob@example.org ');
    set($(root, 'input[aria-label="Seat 3: E-mail for the invitation (optional)"]'), 'cy@example.org');
    set($(root, 'select[aria-label="Seat 4: Who sits here"]'), 'bot', 'change');
    expect($(root, 'input[aria-label="Seat 4: E-mail for the invitation (optional)"]')).toBeNull();
    expect($(root, 'input[aria-label="Seat 2: E-mail for the invitation (optional)"]')!.type).toBe('email');
    await submit(root);
    expect(bodies[0].seats).toEqual([
      { kind: 'human', name: 'Ann', email: 'ann@example.org', language: 'en', responseMode: 'auto' },
      { kind: 'human', name: 'Bob', email: 'bob@example.org', language: 'en' },
      { kind: 'human', email: 'cy@example.org', language: 'en' },
      { kind: 'bot', botLevel: 'basic' },
    ]);
    const status = $(root, '[role="status"]');
    expect(status?.textContent).toBe(
      'The match is ready. Invitation mailed to: Bob (bob@example.org), Player 3 (cy@example.org).',
    );
    expect(location.pathname).toBe('/');
    click([...root.querySelectorAll('button')].find((b) => b.textContent === 'Open the match'));
    expect(location.pathname).toBe(`/m/${ID}`);
  });

  it('on a server that sends no mail, says so and gives the invited seats’ links to share', async () => {
    sends = false;
    const root = mount(<CreateForm />);
    set($(root, 'input[autocomplete="nickname"]'), 'Ann');
    set($(root, 'input[aria-label="Seat 2: Name"]'), 'Bob');
    set($(root, 'input[aria-label="Seat 2: E-mail for the invitation (optional)"]'), 'bob@example.org');
    await submit(root);
    expect($(root, '[role="status"]')?.textContent).toBe(en['create.notMailed']);
    const links = [...root.querySelectorAll('.unsent li')].map((li) => li.textContent);
    expect(links).toEqual([`Bob: http://x/m/${ID}#seat=seattoken1seattoken1`]);
  });

  it('says in words when the daily budget of addresses is reached, and can create without addresses', async () => {
    answers = [429];
    const root = mount(<CreateForm />);
    set($(root, 'input[autocomplete="nickname"]'), 'Ann');
    set($(root, 'input[autocomplete="email"]'), 'ann@example.org');
    set($(root, 'input[aria-label="Seat 2: Name"]'), 'Bob');
    set($(root, 'input[aria-label="Seat 2: E-mail for the invitation (optional)"]'), 'bob@example.org');
    await submit(root);
    // The refusal's own words (the error words' chunk, waited for), never a stand-in.
    await vi.waitFor(() =>
      expect($(root, '[role="alert"]')?.textContent).toBe(ERROR_WORDS.en['mail.daily_limit']),
    );
    click(
      [...root.querySelectorAll('button')].find((b) => b.textContent === 'Create without e-mail addresses'),
    );
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(bodies[1].seats).toEqual([
      { kind: 'human', name: 'Ann', language: 'en', responseMode: 'auto' },
      { kind: 'open', name: 'Bob' },
    ]);
    // Nothing was mailed: the match opens at once.
    await vi.waitFor(() => expect(location.pathname).toBe(`/m/${ID}`));
  });
});

describe('remembered choices', () => {
  it('come back in the next form: own name, address and choices, never the invitees’', async () => {
    const first = mount(<CreateForm />);
    set($(first, 'input[autocomplete="nickname"]'), 'Ann');
    set($(first, 'input[autocomplete="email"]'), 'ann@example.org');
    click($(first, 'input[value="classic"]'));
    set(players(first), '3', 'change');
    set($(first, 'select[aria-label="Seat 3: Who sits here"]'), 'bot', 'change');
    set($(first, 'select[aria-label="Seat 3: Computer strength"]'), 'expert', 'change');
    set($(first, 'input[aria-label="Seat 2: Name"]'), 'Bob');
    set($(first, 'input[aria-label="Seat 2: E-mail for the invitation (optional)"]'), 'bob@example.org');
    const draw = [...first.querySelectorAll('label.option')].find((l) =>
      l.textContent?.includes('discard pile'),
    );
    set(draw!.querySelector('input'), true, 'change');
    click(first.querySelectorAll<HTMLInputElement>('input[name="cf"]')[1]);
    await submit(first);
    const stored = localStorage.getItem(CREATE_MEMORY_KEY) ?? '';
    expect(stored).toContain('ann@example.org');
    expect(stored).not.toContain('bob@example.org');
    expect(stored).not.toContain('Bob');

    const next = mount(<CreateForm />);
    expect($(next, 'input[autocomplete="nickname"]')!.value).toBe('Ann');
    expect($(next, 'input[autocomplete="email"]')!.value).toBe('ann@example.org');
    expect($(next, 'input[value="classic"]')!.checked).toBe(true);
    expect(players(next).value).toBe('3');
    expect($<HTMLSelectElement>(next, 'select[aria-label="Seat 3: Computer strength"]')!.value).toBe(
      'expert',
    );
    expect($(next, 'input[aria-label="Seat 2: Name"]')!.value).toBe('');
    expect($(next, 'input[aria-label="Seat 2: E-mail for the invitation (optional)"]')!.value).toBe('');
    expect(next.querySelectorAll<HTMLInputElement>('input[name="cf"]')[1].checked).toBe(true);
    await submit(next);
    expect(bodies[1].rules).toEqual({ preset: 'classic', options: { drawFromDiscard: true } });
  });

  it('are forgotten when the box is unticked', async () => {
    localStorage.setItem(CREATE_MEMORY_KEY, JSON.stringify({ v: 1, name: 'Ann' }));
    const root = mount(<CreateForm />);
    expect($(root, 'input[autocomplete="nickname"]')!.value).toBe('Ann');
    const box = [...root.querySelectorAll('label')].find((l) =>
      l.textContent?.startsWith('Remember my name'),
    );
    set(box!.querySelector('input'), false, 'change');
    await submit(root);
    expect(localStorage.getItem(CREATE_MEMORY_KEY)).toBeNull();
  });

  for (const [what, raw] of [
    ['no JSON', '{not json'],
    ['another version', JSON.stringify({ v: 2, name: 'Old', preset: 'classic' })],
    ['no object', '[1,2]'],
  ] as const) {
    it(`start from the defaults when the stored data is ${what}`, () => {
      localStorage.setItem(CREATE_MEMORY_KEY, raw);
      const root = mount(<CreateForm />);
      expect($(root, 'input[autocomplete="nickname"]')!.value).toBe('');
      expect($(root, 'input[value="hasbro-2016"]')!.checked).toBe(true);
      expect(players(root).value).toBe('2');
    });
  }

  it('keep the fields that are right and drop the ones that are not', async () => {
    const stored = {
      v: 1,
      name: 'Ann',
      preset: 'no-such-preset',
      overrides: { drawFromDiscard: 'yes' },
      seating: { seats: 99, teamSize: 3 },
      seats: [{ kind: 'robot', botLevel: 'basic' }],
      deadline: 24,
      windowMin: -5,
      responseMode: 'sometimes',
    };
    localStorage.setItem(CREATE_MEMORY_KEY, JSON.stringify(stored));
    const root = mount(<CreateForm />);
    expect($(root, 'input[autocomplete="nickname"]')!.value).toBe('Ann');
    expect($(root, 'input[value="hasbro-2016"]')!.checked).toBe(true);
    await submit(root);
    expect(bodies[0].rules).toBe('hasbro-2016');
    expect(bodies[0].seats).toEqual([
      { kind: 'human', name: 'Ann', language: 'en', responseMode: 'auto' },
      { kind: 'open' },
    ]);
    expect(bodies[0].turnDeadlineHours).toBe(24);
  });

  it('a seating the preset does not play falls back to its main seating', async () => {
    localStorage.setItem(
      CREATE_MEMORY_KEY,
      JSON.stringify({ v: 1, preset: 'partnership', seating: { seats: 5, teamSize: 1 } }),
    );
    const root = mount(<CreateForm />);
    expect(players(root).value).toBe('4x2');
    await submit(root);
    expect(bodies[0].teamSize).toBe(2);
  });
});

describe('what the create form sends and says when the server refuses', () => {
  let sent: Array<Record<string, unknown>> = [];
  beforeEach(() => {
    localStorage.clear();
    sent = [];
  });
  // Let the word chunks the form asked for finish loading before the environment goes.
  afterEach(() => Promise.all([loadReasonWords(), loadErrorWords()]));

  it('says a refused address in the page language, never the server issue ("seats.1.email: not an e-mail address")', async () => {
    useCatalogForTests('fr', fr);
    // What the server answers for "bob@gmail" (a browser accepts it as type=email; the server wants a dot).
    const issue = 'seats.1.email: not an e-mail address';
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: { code: 'request.invalid', message: 'Invalid request json.', issues: [issue] },
            }),
            { status: 400 },
          ),
      ),
    );
    localStorage.setItem(CREATE_MEMORY_KEY, JSON.stringify({ v: 1, name: 'Ann' }));
    const root = mount(<CreateForm />);
    await submit(root);
    const said = root.querySelector('.error')?.textContent ?? '';
    expect(said).not.toBe('');
    expect(said).not.toContain('not an e-mail address');
    expect(said).not.toContain('seats.1');
  });

  it('does not send a remembered response window the server refuses (0 minutes)', async () => {
    useCatalogForTests('en', en);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ error: { code: 'request.invalid', message: 'x' } }), {
          status: 400,
        });
      }),
    );
    localStorage.setItem(CREATE_MEMORY_KEY, JSON.stringify({ v: 1, name: 'Ann', windowMin: 0 }));
    const root = mount(<CreateForm />);
    await submit(root);
    expect(sent).toHaveLength(1);
    expect(sent[0].responseWindowMinutes).toBeGreaterThanOrEqual(1);
  });
});
