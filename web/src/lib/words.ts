/**
 * Words for the table: seat and team names, the log in sentences, times in the local time zone.
 * Everything is built from public data (MatchInfo and public events).
 */
import { cardName } from '../components/Card';
import { lang, type MessageKey, t } from '../i18n';
import type { GameEvent, MatchInfo, MatchView } from './types';

/** A seat's display name ("Seat 2" when the server gave none). */
export function seatName(info: Pick<MatchInfo, 'seats'> | null, seat: number): string {
  const name = info?.seats.find((s) => s.seat === seat)?.name?.trim();
  return name || t('home.seat', { n: seat + 1 });
}

/** Joins names: "Ann", "Ann and Bob", "Ann, Bob and Cy". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return t('and', { a: names.slice(0, -1).join(', '), b: names[names.length - 1] });
}

/** A team's display name: its player, or its players joined ("Ann and Cy"). */
export function teamName(
  info: Pick<MatchInfo, 'seats'> | null,
  view: Pick<MatchView, 'teams'>,
  team: number,
): string {
  return listNames((view.teams[team] ?? []).map((s) => seatName(info, s)));
}

/** The name of the team of a seat (the target of a hazard is named by a seat of its team). */
export function targetName(
  info: Pick<MatchInfo, 'seats'> | null,
  view: Pick<MatchView, 'teams'>,
  seat: number,
): string {
  const team = view.teams.findIndex((tm) => tm.includes(seat));
  return team < 0 ? seatName(info, seat) : teamName(info, view, team);
}

/** An ISO time in the viewer's time zone and language, e.g. "Tue 14:30" or "12 Dec, 09:00". */
export function localTime(iso: string, now = Date.now()): string {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return '';
  const near = Math.abs(when.getTime() - now) < 6 * 24 * 3600 * 1000;
  const opts: Intl.DateTimeFormatOptions = near
    ? { weekday: 'short', hour: '2-digit', minute: '2-digit' }
    : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat(lang.value, opts).format(when);
}

/** Time left as "2 h 05 min", "4 min 09 s" or "0 s". */
export function timeLeft(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(sec).padStart(2, '0')} s`;
  return `${sec} s`;
}

/** One public event as a sentence. */
export function eventText(
  e: GameEvent,
  info: Pick<MatchInfo, 'seats'> | null,
  view: Pick<MatchView, 'teams'>,
): string {
  const name = (seat: number) => seatName(info, seat);
  const say = (key: MessageKey, params: Record<string, string | number> = {}) => t(key, params);
  switch (e.type) {
    case 'handStarted':
      return say('log.handStarted', { hand: e.hand, name: name(e.firstSeat) });
    case 'drew':
      return e.from === 'discard'
        ? say('log.drewDiscard', { name: name(e.seat), card: cardName(e.card) })
        : say('log.drewPile', { name: name(e.seat) });
    case 'reshuffled':
      return say('log.reshuffled', { cards: e.cards });
    case 'played':
      return e.target === undefined
        ? say('log.played', { name: name(e.seat), card: cardName(e.card) })
        : say('log.playedOn', {
            name: name(e.seat),
            card: cardName(e.card),
            target: targetName(info, view, e.target),
          });
    case 'hazardCancelled':
      return say('log.hazardCancelled', {
        card: cardName(e.by),
        hazard: cardName(e.hazard),
        target: teamName(info, view, e.team),
      });
    case 'discarded':
      return say('log.discarded', { name: name(e.seat), card: cardName(e.card) });
    case 'windowOpened':
      return say('log.windowOpened', {
        name: name(e.seat),
        hazard: cardName(e.hazard),
        attacker: name(e.attacker),
      });
    case 'passed':
      return say('log.passed', { name: name(e.seat) });
    case 'coupFourre':
      return say('log.coupFourre', {
        name: name(e.seat),
        attacker: name(e.attacker),
        hazard: cardName(e.hazard),
        card: cardName(e.card),
      });
    case 'quickRemedy':
      return say('log.quickRemedy', {
        name: name(e.seat),
        hazard: cardName(e.hazard),
        card: cardName(e.card),
      });
    case 'turnsLost':
      return say('log.turnsLost', { names: listNames(e.seats.map(name)) });
    case 'mulligan':
      return say('log.mulligan', { name: name(e.seat), n: e.cards.length });
    case 'extraTurn':
      return say('log.extraTurn', { name: name(e.seat) });
    case 'extensionOffered':
      return say('log.extensionOffered', { name: name(e.seat) });
    case 'extended':
      return say(e.accept ? 'log.extendedYes' : 'log.extendedNo', { name: name(e.seat) });
    case 'skipped':
      return say('log.skipped', { name: name(e.seat) });
    case 'drawPileExhausted':
      return say('log.drawPileExhausted');
    case 'handOver':
      return say('log.handOver', { hand: e.hand });
    case 'matchOver':
      return say('log.matchOver');
    default:
      // Server-side log rows that are not game events (e.g. a seat's coup-fourré choice) are not shown.
      return '';
  }
}

/** The words for an error shown to the player. */
export function errorText(err: { code: string; message: string }): string {
  switch (err.code) {
    case 'network':
      return t('error.network');
    case 'stale':
      return t('error.stale');
    case 'notFound':
    case 'match.not_found':
      return t('error.notFound');
    case 'match.deleted':
      return t('error.deleted');
    case 'auth.bad_token':
    case 'auth.forbidden':
    case 'auth.required':
      return t('error.forbidden');
    case 'rate.limited':
      return t('error.rateLimited');
    case 'name.taken':
      return t('error.nameTaken');
    case 'mail.daily_limit':
      return t('error.mailDailyLimit');
    case 'seat.last_human':
      return t('error.lastHuman');
    case 'version.stale':
      return t('error.stale');
    case 'crash':
      return t('error.crash', { message: err.message });
    default:
      return t('error.server', { message: err.message });
  }
}
