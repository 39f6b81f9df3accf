/**
 * Seats invited by e-mail at creation. `Created.mailed`: the creation says which invited seats are
 * mailed their invitation, so the page never claims a mail that a server without a mail sender would
 * only fail to send. Seat 0 (the host) is never invited. And an invitation mail leads to the same
 * lobby as a shared link: a mailed seat is invited, not taken, until its guest confirms a name
 * through the link (POST /confirm); the mail greets the guest by the name the host typed, or by none.
 */
import { describe, expect, it } from 'vitest';
import { invitationsMailed } from '../../worker/match/creation';
import { api, create, freshIp } from './helpers';
import { addresses, attach, FakeSender, seatTokenIn } from './mail-helpers';

const seats = [
  { seat: 0, email: 'ann@example.org' },
  { seat: 1, email: 'bob@example.org' },
  { seat: 2, email: null },
  { seat: 3, email: 'dee@example.org' },
];

describe('which invitations are mailed', () => {
  it('every seat but the host’s with an address, when a sender is configured', () => {
    expect(invitationsMailed({ DEV_OUTBOX: '1' }, seats)).toEqual([1, 3]);
    expect(invitationsMailed({ MAIL_SENDER: 'resend' }, seats)).toEqual([1, 3]);
  });

  it('none without a sender (no MAIL_SENDER, no dev outbox) or with an unknown one', () => {
    expect(invitationsMailed({}, seats)).toEqual([]);
    expect(invitationsMailed({ MAIL_SENDER: 'pigeon' }, seats)).toEqual([]);
  });

  it('the creation reply says so: this test server has no sender, so no seat is mailed', async () => {
    const r = await api('/api/matches', {
      ip: freshIp(),
      body: {
        rules: 'classic',
        seats: [
          { kind: 'human', name: 'Ann', email: 'ann@example.org' },
          { kind: 'human', name: 'Bob', email: 'bob@example.org' },
          { kind: 'open' },
        ],
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.mailed).toEqual([]);
    expect(r.body.seats.map((s: { kind: string }) => s.kind)).toEqual(['human', 'human', 'open']);
  });
});

/** Ann hosts; Bob is invited by address with the name Ann typed, seat 2 by address alone. */
async function invited(over: Record<string, unknown> = {}) {
  const a = addresses();
  const cy = a.bob.replace('bob', 'cy');
  const m = await create(
    {
      rules: 'classic',
      seats: [
        { kind: 'human', name: 'Ann', email: a.ann },
        { kind: 'human', name: 'Bob', email: a.bob, language: 'fr' },
        { kind: 'human', email: cy },
      ],
      ...over,
    },
    { guests: 'wait' },
  );
  const h = await attach(m, new FakeSender(), { now: Date.now() });
  await h.fire();
  return { h, m, bob: a.bob, cy };
}

const info = (id: string, token: string | null) => api(`/api/matches/${id}`, { token });
const confirm = (id: string, token: string | null, body: Record<string, unknown>) =>
  api(`/api/matches/${id}/confirm`, { token, body, ip: freshIp() });

describe('a seat invited by e-mail waits in the lobby for its guest’s name', () => {
  it('every seat filled by addresses: the match stays in its lobby, the seats marked invited', async () => {
    const { m } = await invited();
    const r = await info(m.id, m.host);
    expect(r.body.status).toBe('lobby');
    expect(r.body.seats.map((s: { invited?: string }) => s.invited ?? null)).toEqual([
      null,
      'named',
      'unnamed',
    ]);
    // Nobody's view carries an address; the host sees the invitations in the mail statuses.
    expect(JSON.stringify(r.body)).not.toContain('@example.org');
    const mailed = r.body.mail.filter((x: { kind: string }) => x.kind === 'invitation');
    expect(mailed.map((x: { seat: number }) => x.seat).sort()).toEqual([1, 2]);
  });

  it('the invitation greets the guest by the name the host typed, or by none (never "Player 3")', async () => {
    const { h, bob, cy } = await invited();
    const [toBob] = h.sender.to(bob);
    const [toCy] = h.sender.to(cy);
    expect(toBob.text).toContain('Bonjour Bob,');
    expect(toCy.text).toMatch(/^Hello,$/m);
    expect(toCy.text).not.toContain('Player 3');
  });

  it('the guest confirms a name through the mailed link; the last one starts the match', async () => {
    const { h, m, cy, bob } = await invited();
    const cyToken = seatTokenIn(h.sender.to(cy)[0]);
    // Another seat's name is refused, the placeholder of an unnamed seat is not a name anybody holds.
    expect((await confirm(m.id, cyToken, { name: 'ann' })).body.error.code).toBe('name.taken');
    const first = await confirm(m.id, cyToken, { name: 'Cyril', language: 'de' });
    expect(first.status).toBe(200);
    expect(first.body.you.seat).toBe(2);
    expect(first.body.status).toBe('lobby');
    expect(first.body.seats[2]).toMatchObject({ name: 'Cyril', kind: 'human' });
    expect(first.body.seats[2].invited).toBeUndefined();
    expect(first.body.settings.language).toBe('de');
    // Once confirmed, the name is the guest's.
    expect((await confirm(m.id, cyToken, { name: 'Cy' })).body.error.code).toBe('seat.confirmed');
    // Bob keeps the name Ann typed; his confirmation fills the table and deals.
    const last = await confirm(m.id, seatTokenIn(h.sender.to(bob)[0]), { name: 'Bob' });
    expect(last.status).toBe(200);
    expect(last.body.status).toBe('playing');
    expect(last.body.seats.map((s: { name: string }) => s.name)).toEqual(['Ann', 'Bob', 'Cyril']);
  });

  it('only the seat’s own link confirms it: the host and spectators get 403', async () => {
    const { m } = await invited();
    expect((await confirm(m.id, m.host, { name: 'Zed' })).body.error.code).toBe('auth.not_a_seat');
    expect((await confirm(m.id, null, { name: 'Zed' })).body.error.code).toBe('auth.not_a_seat');
    expect((await info(m.id, m.host)).body.seats[2].name).not.toBe('Zed');
  });

  it('the host holds every guest’s link from the creation (to share another way); a guest only their own', async () => {
    const { m } = await invited();
    expect(m.created.seats.map((s) => s.url !== null)).toEqual([true, true, true]);
    // The seat link from the creation opens the guest's seat, as the mailed one does.
    const bob = await info(m.id, m.seats[1]);
    expect(bob.body.you.seat).toBe(1);
    expect(JSON.stringify(bob.body)).not.toContain('#seat=');
  });

  it('with an open seat too, a stranger’s claim does not start the match while a guest is awaited', async () => {
    const a = addresses();
    const m = await create(
      {
        rules: 'classic',
        seats: [
          { kind: 'human', name: 'Ann' },
          { kind: 'human', name: 'Bob', email: a.bob },
          { kind: 'open' },
        ],
      },
      { guests: 'wait' },
    );
    const claim = await api(`/api/matches/${m.id}/claim`, {
      ip: freshIp(),
      body: { invite: m.invite, name: 'Bob' },
    });
    // The host typed Bob's name: it is taken.
    expect(claim.body.error.code).toBe('name.taken');
    const cat = await api(`/api/matches/${m.id}/claim`, {
      ip: freshIp(),
      body: { invite: m.invite, name: 'Cat' },
    });
    expect(cat.status).toBe(200);
    expect((await info(m.id, m.host)).body.status).toBe('lobby');
    expect((await confirm(m.id, m.seats[1], { name: 'Bob' })).body.status).toBe('playing');
  });

  it('the host may start early: an unconfirmed guest keeps the seat, its link and the name the host gave it', async () => {
    const { m } = await invited();
    const started = await api(`/api/matches/${m.id}/start`, { token: m.host, body: {} });
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('playing');
    expect(started.body.seats.map((s: { kind: string }) => s.kind)).toEqual(['human', 'human', 'human']);
    expect(started.body.seats[1].name).toBe('Bob');
    expect(started.body.seats[1].invited).toBeUndefined();
    const bob = await info(m.id, m.seats[1]);
    expect(bob.body.you.seat).toBe(1);
    expect(bob.body.view).not.toBeNull();
    expect((await confirm(m.id, m.seats[1], { name: 'Robert' })).body.error.code).toBe('match.started');
  });

  it('a guest who took an unnamed seat’s placeholder as their name: the start gives that seat a free variant', async () => {
    const a = addresses();
    const m = await create(
      {
        rules: 'classic',
        seats: [
          { kind: 'human', name: 'Ann' },
          { kind: 'human', email: a.bob },
          { kind: 'human', email: a.bob.replace('bob', 'cy') },
        ],
      },
      { guests: 'wait' },
    );
    const before = (await info(m.id, m.host)).body.seats.map((s: { name: string }) => s.name);
    // Seat 2's guest confirms under seat 1's placeholder (nobody holds it yet), then the host starts.
    expect((await confirm(m.id, m.seats[2], { name: before[1] })).status).toBe(200);
    const started = await api(`/api/matches/${m.id}/start`, { token: m.host, body: {} });
    expect(started.status).toBe(200);
    const names: string[] = started.body.seats.map((s: { name: string }) => s.name);
    expect(names).toEqual(['Ann', `${before[1]} (2)`, before[1]]);
    expect(new Set(names).size).toBe(3);
  });
});
