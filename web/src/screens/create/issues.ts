/**
 * The fields a refused create request names, in the page's words. The server's validation issues
 * ("seats.1.email: not an e-mail address") are English and count seats from 0, so the form never
 * shows them: it reads only their paths and says which fields to look at ("Seat 2: e-mail address").
 */
import { t } from '../../i18n';

/**
 * The fields named by the `issues` of a 400 (each "path: message"), worded, once each, in the
 * order given; a path the form does not know adds nothing (the error's own words still show).
 */
export function issueFields(issues: readonly string[]): string[] {
  const words = issues.map((issue) => {
    const path = issue.split(':')[0].trim();
    const seat = /^seats\.(\d+)(?:\.(\w+))?/.exec(path);
    if (seat) {
      const n = Number(seat[1]) + 1;
      if (seat[2] === 'email') return t('create.issue.seatEmail', { n });
      if (seat[2] === 'name') return t('create.issue.seatName', { n });
      return t('home.seat', { n });
    }
    if (path.startsWith('seats') || path === 'teamSize' || path === 'firstSeat') return t('home.players');
    if (path.startsWith('title')) return t('home.matchTitle');
    if (path.startsWith('rules') || path.startsWith('options')) return t('home.rules');
    if (/^(turnDeadlineHours|responseWindowMinutes|onDeadline|vacationDays|timeoutsToBot)/.test(path)) {
      return t('create.issue.timing');
    }
    return null;
  });
  return [...new Set(words.filter((w): w is string => w !== null))];
}
