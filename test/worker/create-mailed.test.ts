/**
 * `Created.mailed`: the creation says which invited seats are mailed their
 * invitation, so the page never claims a mail that a server without a mail sender would only fail to
 * send. Seat 0 (the host) is never invited.
 */
import { describe, expect, it } from 'vitest';
import { invitationsMailed } from '../../worker/match/creation';
import { api, freshIp } from './helpers';

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
