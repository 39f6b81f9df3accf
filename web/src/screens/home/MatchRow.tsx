/**
 * One row of "my matches": the match's name (a link), whose turn it is (the caller's own turn in
 * words and with a mark, not by colour only), the time left, the last change, the hand, the score
 * and the caller's place, the players, the creation date; a finished match says when it ended, who
 * won and the final score; the chat's messages not yet read on this device (lib/chat-unread.ts).
 */
import type { JSX } from 'preact';
import { lang, t } from '../../i18n';
import { awayLine } from '../../lib/away';
import { unreadCount } from '../../lib/chat-unread';
import { finishedWords } from '../../lib/finished-words';
import { onLinkClick } from '../../lib/router';
import { forgetMatch } from '../../lib/storage';
import { dateText, deadlineText, relativeTime } from '../../lib/time';
import type { MatchSummary } from '../../lib/types';
import { answersRematch, type Row } from './model';

/**
 * A seat's name as the list shows it: "(you)", "(left)" for a player who left the match, "(computer)"
 * for a bot or a stand-in, "open seat".
 */
function playerName(s: MatchSummary, seat: number): string {
  const p = s.players[seat];
  if (!p) return '';
  if (p.kind === 'open') return t('home.mine.open');
  if (seat === s.seat) return t('home.mine.you', { name: p.name });
  if (p.left) return t('home.mine.left', { name: p.name });
  return p.kind === 'bot' || p.standIn ? t('home.mine.bot', { name: p.name }) : p.name;
}

/** Team `team`'s name: its players' names joined. */
function teamName(s: MatchSummary, team: number): string {
  return s.players
    .filter((p) => p.team === team)
    .map((p) => p.name)
    .join(' & ');
}

/** The per-team scores as "Ann 1200, Bob 800". */
function scoreList(s: MatchSummary, scores: readonly number[]): string {
  return scores.map((v, team) => `${teamName(s, team)} ${v.toLocaleString(lang.value)}`).join(', ');
}

/** A finished match's end and winners in words (lib/finished-words.ts). `now`: ms since the epoch. */
function finishedText(s: MatchSummary, now: number): string {
  // An end time is always sent for a finished match; the last change stands in for an older answer.
  const at = Date.parse(s.finishedAt ?? s.last?.at ?? s.createdAt);
  const winners = s.result?.winners ?? [];
  const mine = s.seat !== null ? s.players[s.seat]?.team : undefined;
  if (mine !== undefined && mine !== null && winners.includes(mine)) return finishedWords(at, now, 'you');
  return finishedWords(at, now, {
    names: winners.map((w) => teamName(s, w)).join(', '),
    players: s.players.filter((p) => p.team !== null && winners.includes(p.team)).length,
  });
}

/** Who acts now, in words; for a finished match, when it ended and who won. `now`: ms since the epoch. */
function whoActsText(s: MatchSummary, now: number): string {
  if (s.status === 'finished') return finishedText(s, now);
  if (s.status === 'lobby') return t('home.mine.lobby');
  const a = s.acts;
  if (!a) return '';
  if (a.kind === 'handOver') return t('home.mine.handOver', { n: s.hand ?? 1 });
  if (s.yourTurn) return t(a.kind === 'window' ? 'home.mine.yourAnswer' : 'home.mine.yourTurn');
  const name = playerName(s, a.seat);
  return t(a.kind === 'window' ? 'home.mine.theirAnswer' : 'home.mine.theirTurn', { name });
}

/**
 * The last change in words: "Bob played 2 hours ago", "Bob left the match 8 minutes ago"; a move made
 * for a seat whose player left names the seat as the computer's ("Bob (computer) played …").
 */
export function lastText(s: MatchSummary, now: number): string | null {
  const last = s.last;
  // The server's own moves (the deal's draws) are not news, nor a finished match's last move (its
  // end is: `finishedText`).
  if (!last || last.actor === 'server' || s.status === 'finished') return null;
  const when = relativeTime(Math.min(Date.parse(last.at), now), now, lang.value);
  const player = s.players[last.seat];
  const plain = player?.name ?? '';
  if (last.kind === 'leave') return t('home.mine.last.left', { name: plain, when });
  // After the player left, the seat's moves are not theirs.
  const name = player?.left ? t('home.mine.bot', { name: plain }) : plain;
  if (last.actor === 'timeout') return t('home.mine.last.timeout', { name, when });
  const known = ['play', 'discard', 'draw', 'coupFourre', 'pass', 'nextHand'] as const;
  const kind = (known as readonly string[]).includes(last.kind)
    ? (last.kind as (typeof known)[number])
    : 'other';
  return t(`home.mine.last.${kind}`, { name, when });
}

/** The final score of a finished match (its winner is in `finishedText`), or the hand, score and place of a running one. */
function scoreText(s: MatchSummary): string[] {
  if (s.result) return [t('home.mine.final', { list: scoreList(s, s.result.scores) })];
  const out: string[] = [];
  if (s.hand !== null) out.push(t('home.mine.hand', { n: s.hand }));
  if (s.scores) out.push(t('home.mine.score', { list: scoreList(s, s.scores) }));
  if (s.place !== null && s.scores) out.push(t('home.mine.place', { n: s.place, m: s.scores.length }));
  return out;
}

/**
 * The words naming an untitled match: its players ("Ann, Bob and Cy", in the reader's language), so
 * the list's rows differ; null before its summary arrives.
 */
export function playersTitle(s: MatchSummary | null | undefined): string | null {
  const names = s?.players.filter((p) => p.kind !== 'open').map((p) => p.name) ?? [];
  return names.length > 0 ? new Intl.ListFormat(lang.value, { type: 'conjunction' }).format(names) : null;
}

/** One match of the list; `now` is the time the words count from (ms since the epoch). */
export function MatchRow({ row, now }: { row: Row; now: number }): JSX.Element {
  const s = row.summary;
  const title = s?.title || row.saved.title || playersTitle(s) || t('app.title');
  const acts = s ? whoActsText(s, now) : '';
  const deadline = s?.deadline && s.status === 'playing' ? Date.parse(s.deadline) : null;
  const last = s ? lastText(s, now) : null;
  const unread = s ? unreadCount(row.saved.matchId, s.chat) : 0;
  const rematch = answersRematch(s);
  return (
    <li class={`mine-row${s?.yourTurn || rematch ? ' yours' : ''}`}>
      <div class="mine-head">
        <a href={`/m/${row.saved.matchId}`} onClick={onLinkClick} class="mine-title">
          {title}
        </a>
        <button
          type="button"
          class="ghost small"
          aria-label={t('home.mine.forget', { title })}
          onClick={() => forgetMatch(row.saved.matchId)}
        >
          {t('home.forget')}
        </button>
      </div>
      {acts && (
        <p class={s?.yourTurn ? 'mine-acts yours' : 'mine-acts'}>
          {s?.yourTurn && (
            <span class="mine-mark" aria-hidden="true">
              ▶{' '}
            </span>
          )}
          {s?.yourTurn ? <strong>{acts}</strong> : acts}
          {deadline !== null && (
            <span class="mine-due">
              {' · '}
              {t('home.mine.due', { when: deadlineText(deadline, now, lang.value) })}
            </span>
          )}
        </p>
      )}
      {rematch && (
        <p class="mine-acts yours">
          <span class="mine-mark" aria-hidden="true">
            ▶{' '}
          </span>
          <strong>{t('home.mine.rematch')}</strong>
        </p>
      )}
      {row.problem && <p class="muted">{t('home.mine.unknown')}</p>}
      {unread > 0 && (
        <p class="mine-chat">
          {/* The count once: the badge says it, the words what it counts. */}
          <span class="chat-badge">{unread}</span> {t('home.mine.chatNew', { n: unread })}
        </p>
      )}
      {last && <p class="mine-last">{last}</p>}
      {s?.status === 'playing' &&
        s.players.map((p) => {
          const away = awayLine(p.name, p.awayUntil, now, lang.value);
          return (
            away && (
              <p key={p.seat} class="muted mine-away">
                {away}
              </p>
            )
          );
        })}
      {s && scoreText(s).length > 0 && <p class="mine-score">{scoreText(s).join(' · ')}</p>}
      {s && (
        <p class="muted mine-players">
          {s.players.map((p) => playerName(s, p.seat)).join(', ')}
          {' · '}
          {t('home.mine.created', { date: dateText(Date.parse(s.createdAt), lang.value) })}
        </p>
      )}
    </li>
  );
}
