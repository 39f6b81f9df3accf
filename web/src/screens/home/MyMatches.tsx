/**
 * "My matches" on the home page: every match this device holds a token for, asked in one request
 * per 20 matches (model.ts) on load, when the device's list changes and whenever the page becomes
 * visible again. Your turn first, then waiting, then finished (folded). Matches the server no longer
 * has leave the device's list with a polite notice; an e-mail magic link (`/#mine=…`) adds the
 * matches of its address first (mailed.ts).
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { type MessageKey, t } from '../../i18n';
import { forgetMatch, savedMatches } from '../../lib/storage';
import { minuteNow } from '../../lib/time';
import type { SummaryItem } from '../../lib/types';
import { MagicLinkForm } from './MagicLinkForm';
import { MatchRow } from './MatchRow';
import { landMailedLink, mailedLink } from './mailed';
import { fetchSummaries, GROUPS, type Group, grouped, joinAnswers, type Row } from './model';

const HEADINGS: Record<Group, MessageKey> = {
  yourTurn: 'home.mine.groupYours',
  waiting: 'home.mine.groupWaiting',
  finished: 'home.mine.groupFinished',
};

/** One group's heading and rows. */
function GroupList({ group, rows, now }: { group: Group; rows: Row[]; now: number }): JSX.Element {
  const heading = t(HEADINGS[group], { n: rows.length });
  const list = (
    <ul class="mine-list" aria-label={heading}>
      {rows.map((r) => (
        <MatchRow key={r.saved.matchId} row={r} now={now} />
      ))}
    </ul>
  );
  if (group === 'finished') {
    return (
      <details class="mine-group">
        <summary class="h3">{heading}</summary>
        {list}
      </details>
    );
  }
  return (
    <div class={`mine-group ${group}`}>
      <h3>{heading}</h3>
      {list}
    </div>
  );
}

/** The shortest time between two refreshes when the page becomes visible again, ms. */
const REFRESH_GAP_MS = 15_000;

/** The "my matches" section with the e-mail link form. */
export function MyMatches(): JSX.Element {
  const answers = useSignal<ReadonlyMap<string, SummaryItem>>(new Map());
  const notices = useSignal<string[]>([]);
  const offline = useSignal(false);
  const now = useSignal(Date.now());
  const lastAsked = useRef(0);
  const minute = minuteNow();
  const saved = savedMatches.value;
  const ids = saved.map((m) => m.matchId).join(' ');

  /**
   * Asks the server about the saved matches: on load every one; when the page becomes visible
   * again (at most every REFRESH_GAP_MS) only those not known finished, which no longer change.
   */
  const refresh = async (again = false) => {
    const list = savedMatches.value;
    if (list.length === 0) return;
    if (again && Date.now() - lastAsked.current < REFRESH_GAP_MS) return;
    lastAsked.current = Date.now();
    const known = answers.value;
    const settled = (id: string) => {
      const a = known.get(id);
      return again && a?.ok === true && a.summary.status === 'finished';
    };
    try {
      const got = new Map([...known].filter(([id]) => settled(id)));
      for (const [id, a] of await fetchSummaries(list.filter((m) => !settled(m.matchId)))) got.set(id, a);
      const { gone } = joinAnswers(list, got);
      for (const m of gone) forgetMatch(m.matchId);
      if (gone.length > 0) {
        const titles = gone.map((m) => m.title || t('app.title')).join(', ');
        notices.value = [...notices.value, t('home.mine.gone', { titles })];
      }
      answers.value = got;
      offline.value = false;
    } catch {
      offline.value = true;
    }
    now.value = Date.now();
  };

  useEffect(() => {
    const link = mailedLink(location.hash);
    if (link) {
      history.replaceState(null, '', location.pathname + location.search);
      landMailedLink(link.key, link.token).then((r) => {
        if (r.kind === 'added') notices.value = [...notices.value, t('home.mine.mailAdded', { n: r.count })];
        if (r.kind === 'expired') notices.value = [...notices.value, t('home.mine.mailExpired')];
      });
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh(true);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  // On load and whenever the device's list gains a match not asked about yet.
  useEffect(() => {
    if (savedMatches.value.some((m) => !answers.value.has(m.matchId))) void refresh();
  }, [ids]);

  const groups = grouped(joinAnswers(saved, answers.value).rows);
  return (
    <section class="card-box" aria-labelledby="mine-title">
      <h2 id="mine-title">{t('home.myMatches')}</h2>
      <div role="status" class="mine-notices">
        {notices.value.map((n) => (
          <p key={n} class="mine-notice">
            {n}
          </p>
        ))}
        {offline.value && <p class="mine-notice">{t('home.mine.offline')}</p>}
      </div>
      {saved.length === 0 ? (
        <p class="muted">{t('home.noMatches')}</p>
      ) : (
        <div class="my-matches">
          {GROUPS.filter((g) => groups[g].length > 0).map((g) => (
            <GroupList key={g} group={g} rows={groups[g]} now={Math.max(now.value, minute)} />
          ))}
        </div>
      )}
      <MagicLinkForm />
    </section>
  );
}
