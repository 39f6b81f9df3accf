/**
 * The mail half of "deadlines in words": a your-turn mail and a reminder say what happens
 * at the deadline if nothing is played (the computer plays, or the turn is skipped), with the time
 * in words in the reader's time zone; and the "a bot took your seat" mail after repeated timeouts
 * says the computer keeps playing until the player comes back. In all five languages.
 */
import { describe, expect, it } from 'vitest';
import { composeMail } from '../../worker/notify/compose';
import { catalogFor } from '../../worker/notify/i18n';
import { deadlineText } from '../../worker/words/when';
import { ctx, DEADLINE, duo, NOW } from './fixtures';

const LANGUAGES = ['en', 'fr', 'de', 'sv', 'nb'] as const;

describe('what happens at the deadline, in the mail', () => {
  it('a your-turn mail names the time the computer plays, in the reader’s time zone', () => {
    const mail = composeMail(ctx('en'), {
      kind: 'yourTurn',
      table: duo,
      events: [],
      deadline: DEADLINE,
      now: NOW,
      idle: { action: 'bot', timeZone: 'Asia/Tokyo' },
    });
    // 18:30 UTC is 03:30 two calendar days later in Tokyo (33 h away: "in 2 days", not "tomorrow").
    expect(mail.text).toContain(
      'If you have not played by Wednesday 03:30, in 2 days, the computer will play this turn for you.',
    );
    // The time is said once: no second "Please play by" line in UTC.
    expect(mail.text).not.toContain('Please play by');
    expect(mail.text).not.toContain('UTC');
    expect(mail.html).toContain('the computer will play this turn for you');
  });

  it('a reminder says the turn will be skipped; without a time zone the time is UTC', () => {
    const mail = composeMail(ctx('en'), {
      kind: 'reminder',
      deadline: DEADLINE,
      now: NOW,
      idle: { action: 'skip' },
    });
    expect(mail.text).toContain(
      'If you have not played by 15 Dec 2026, 18:30 UTC, your turn will be skipped.',
    );
  });

  it.each(LANGUAGES)('%s: both outcomes and the bot keeping the seat have words', (language) => {
    const c = catalogFor(language);
    const when = deadlineText(DEADLINE.getTime(), NOW.getTime(), c.locale, 'Europe/Oslo');
    for (const action of ['bot', 'skip'] as const) {
      const mail = composeMail(ctx(language), {
        kind: 'yourTurn',
        table: duo,
        events: [],
        deadline: DEADLINE,
        now: NOW,
        idle: { action, timeZone: 'Europe/Oslo' },
      });
      expect(mail.text).toContain(when);
      expect(mail.text).not.toContain('{when}');
    }
    const kept = composeMail(ctx(language), { kind: 'botTookOver', scope: 'seat', why: 'timeouts' });
    expect(kept.text).toContain(c.away.botSeatTimeouts);
    expect(kept.text).not.toContain(c.bodies.botSeat);
  });
});
