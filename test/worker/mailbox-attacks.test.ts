/**
 * Attacks on mail state per mailbox (break-30): a block set from a mail to a tagged, upper-cased
 * address with several tags stops mail to the plain mailbox, and the other way round.
 */
import { describe, expect, it } from 'vitest';
import { mailboxOf } from '../../worker/notify/address';
import { addresses, duo, type MailMatch, mailMatch, postForm } from './mail-helpers';

async function invited(ann: string, bob: string): Promise<MailMatch> {
  const h = await mailMatch(duo({ ann, bob }));
  await h.fire(h.clock.now);
  return h;
}

async function invitationRow(h: MailMatch, seat: number) {
  return (await h.rows()).find((r) => r.seat === seat && r.kind === 'invitation');
}

describe('mailbox attacks', () => {
  it('mailboxOf folds case and every tag, and keeps a local part that is only a tag', () => {
    expect(mailboxOf(' BOB+x+y@Example.ORG ')).toBe('bob@example.org');
    expect(mailboxOf('bob++@example.org')).toBe('bob@example.org');
    expect(mailboxOf('+only@example.org')).toBe('+only@example.org');
    expect(mailboxOf('bob.smith+news@example.org')).toBe('bob.smith@example.org');
  });

  it('a block from a mail to BOB+x+y@Example.ORG stops mail to bob@example.org, and back', async () => {
    const { ann, bob } = addresses();
    const shouty = bob.replace('@', '+x+y@').toUpperCase();
    const h = await invited(ann, shouty);
    const mail =
      h.sender.to(shouty)[0] ?? h.sender.sent.find((m) => m.to.toLowerCase() === shouty.toLowerCase());
    expect(mail).toBeDefined();
    const block = /^<(.+)>$/.exec(mail!.headers['List-Unsubscribe']!)![1];
    expect((await postForm(block, 'List-Unsubscribe=One-Click')).status).toBe(200);
    const other = await invited(`x.${ann}`, bob);
    expect(other.sender.to(bob)).toHaveLength(0);
    expect(await invitationRow(other, 1)).toMatchObject({ status: 'dropped', error: 'blocked' });
    const third = await invited(`y.${ann}`, bob.replace('@', '+other@'));
    expect(await invitationRow(third, 1)).toMatchObject({ status: 'dropped', error: 'blocked' });
  });
});
