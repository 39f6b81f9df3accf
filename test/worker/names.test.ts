/**
 * Regression: blank-looking names passed (the Braille blank U+2800, combining marks alone, the Khmer
 * inherent vowel U+17B5, the musical null notehead U+1D159, the object replacement character
 * U+FFFC), and two seats could carry the same name. A name or title needs a visible character; a
 * human's name must differ (case-insensitively) from every other seat's, at creation and at claim,
 * and bots get default names no player has.
 */
import { describe, expect, it } from 'vitest';
import { nameKey, seatNames } from '../../worker/match/names';
import { api, create, freshIp, info } from './helpers';

function post(body: Record<string, unknown>) {
  return api('/api/matches', { body, ip: freshIp() });
}

const named = (name: string) => ({
  rules: 'classic',
  seats: [
    { kind: 'human', name },
    { kind: 'human', name: 'Bob' },
  ],
});

const BLANKS = ['\u2800', '\u0301\u0308', ' \u0301 ', '\u17b5', '\u{1d159}', '\ufffc', '\u2800\u17b5\ufffc'];

describe('visible names and titles', () => {
  it('names without a visible character are refused with 400, at creation and at claim', async () => {
    for (const bad of BLANKS) {
      const r = await post(named(bad));
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.error.code).toBe('request.invalid');
    }
    const m = await create({ rules: 'classic', seats: [{ kind: 'human', name: 'Ann' }, { kind: 'open' }] });
    for (const bad of BLANKS) {
      const claim = await api(`/api/matches/${m.id}/claim`, { body: { invite: m.invite, name: bad } });
      expect(claim.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await info(m)).status).toBe('lobby');
  });

  it('a name with an unassigned character is refused with 400', async () => {
    const r = await post({ rules: 'classic', seats: [{ kind: 'human', name: 'Ann\u0378' }] });
    expect(r.status).toBe(400);
  });

  it('a title of marks alone is refused; blank-looking symbols count as spaces', async () => {
    expect((await post({ ...named('Ann'), title: '\u0301\u0301' })).status).toBe(400);
    const blank = await post({ ...named('Ann'), title: '\u2800\ufffc' });
    expect(blank.status).toBe(201);
    expect((await api(`/api/matches/${blank.body.matchId}`)).body.title).toBe('Mille Bornes');
    const spaced = await post({ ...named('Ann\u2800'), title: 'Friday\u2800night' });
    expect(spaced.status).toBe(201);
    expect(spaced.body.seats[0].name).toBe('Ann');
    expect((await api(`/api/matches/${spaced.body.matchId}`)).body.title).toBe('Friday night');
  });

  it('real names in any script still pass, marks included', async () => {
    for (const ok of ['Zoë', 'Zoe\u0308', 'Åsa', '李', '🚗', 'ß', '#1', 'ញ']) {
      const r = await post(named(ok));
      expect(r.status, JSON.stringify(ok)).toBe(201);
    }
  });
});

describe('distinct seat names', () => {
  it('a created human name equal to another seat’s (any case, full-width) is refused with 400 name.taken', async () => {
    for (const [a, b] of [
      ['Ann', 'Ann'],
      ['Ann', 'aNN'],
      ['Ann', ' ann '],
      ['Ann', 'Ａｎｎ'],
      ['Ann', 'Ann\u200b'],
      // Default-ignorable code points (Mongolian variation selector, a reserved one, a tag, an
      // invisible operator) draw nothing; full case folding meets "ß" and "SS".
      ['Ann', 'Ann\u180b'],
      ['Ann', 'Ann\ufff0'],
      ['Ann', 'Ann\u{e0080}'],
      ['Ann', 'Ann\u2065'],
      ['Straße', 'STRASSE'],
      ['Zoë', 'ZOË\u180b'],
    ]) {
      const r = await post({
        rules: 'classic',
        seats: [
          { kind: 'human', name: a },
          { kind: 'human', name: b },
        ],
      });
      expect(r.status, `${a}/${b}`).toBe(400);
      expect(r.body.error.code).toBe('name.taken');
    }
    const bot = await post({
      rules: 'classic',
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'bot', name: 'ann' },
      ],
    });
    expect(bot.status).toBe(400);
    expect(bot.body.error.code).toBe('name.taken');
  });

  it('bots and unnamed humans get default names no other seat has', async () => {
    const r = await post({
      rules: 'classic',
      seats: [
        { kind: 'human', name: 'Bot 2' },
        { kind: 'bot' },
        { kind: 'human' },
        { kind: 'human', name: 'player 3' },
      ],
    });
    expect(r.status).toBe(201);
    const names = r.body.seats.map((s: { name: string }) => s.name);
    expect(names).toEqual(['Bot 2', 'Bot 2 (2)', 'Player 3 (2)', 'player 3']);
    expect(new Set(names.map(nameKey)).size).toBe(4);
    expect(seatNames([{ kind: 'human' }, { kind: 'bot' }, { kind: 'open' }, { kind: 'open' }])).toEqual({
      names: ['Player 1', 'Bot 2', 'Open seat', 'Open seat'],
    });
  });

  it('a claim with a name already at the table gets 409 name.taken and changes nothing', async () => {
    const m = await create({
      rules: 'classic',
      seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot' }, { kind: 'open' }, { kind: 'open' }],
    });
    const before = await info(m, m.host);
    for (const bad of ['ANN', 'ann', 'Bot 2', 'bot 2']) {
      const r = await api(`/api/matches/${m.id}/claim`, { body: { invite: m.invite, name: bad } });
      expect(r.status, bad).toBe(409);
      expect(r.body.error.code).toBe('name.taken');
    }
    expect(await info(m, m.host)).toEqual(before);
    const bob = await api(`/api/matches/${m.id}/claim`, { body: { invite: m.invite, name: 'Bob' } });
    expect(bob.status).toBe(200);
    const again = await api(`/api/matches/${m.id}/claim`, { body: { invite: m.invite, name: 'bob' } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('name.taken');
  });

  it('open seats that become bots at the start avoid the players’ names', async () => {
    const m = await create({
      rules: 'classic',
      seats: [{ kind: 'human', name: 'Ann' }, { kind: 'open' }, { kind: 'open' }],
    });
    const claim = await api(`/api/matches/${m.id}/claim`, { body: { invite: m.invite, name: 'Bot 3' } });
    expect(claim.status).toBe(200);
    const started = await api(`/api/matches/${m.id}/start`, { token: m.host, body: {} });
    expect(started.status).toBe(200);
    expect(started.body.seats.map((s: { name: string }) => s.name)).toEqual(['Ann', 'Bot 3', 'Bot 3 (2)']);
  });

  it('default names are in the creator’s language, at creation and for open seats filled at the start', async () => {
    const m = await create({
      rules: 'classic',
      seats: [
        { kind: 'human', name: 'Anne', language: 'fr' },
        { kind: 'human' },
        { kind: 'bot' },
        { kind: 'open' },
      ],
    });
    const started = await api(`/api/matches/${m.id}/start`, { token: m.host, body: {} });
    expect(started.status).toBe(200);
    expect(started.body.seats.map((s: { name: string }) => s.name)).toEqual([
      'Anne',
      'Joueur 2',
      'Ordinateur 3',
      'Ordinateur 4',
    ]);
    const cases = [
      ['de-DE', ['Spieler 1', 'Computer 2']],
      ['sv', ['Spelare 1', 'Dator 2']],
      ['no', ['Spiller 1', 'Datamaskin 2']],
      ['nb', ['Spiller 1', 'Datamaskin 2']],
      ['xx', ['Player 1', 'Bot 2']],
    ] as const;
    for (const [language, names] of cases) {
      expect(seatNames([{ kind: 'human' }, { kind: 'bot' }], language), language).toEqual({ names });
    }
  });
});
