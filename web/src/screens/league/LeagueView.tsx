/**
 * A league's page for the holder of its owner link or a member link: the name, the
 * standings and form, the matches (a member starts one with one press), the league's chat (the
 * match chat's own view and model over the league's channel), leaving, and the owner's tools. The
 * league is read again every 30 s while the page is open and after every change made here.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { LeagueInfo } from '../../../../worker/league-protocol';
import type { ChatMessage } from '../../../../worker/protocol/chat';
import { t } from '../../i18n';
import { ApiError } from '../../lib/api';
import { errorWords } from '../../lib/words';
import { ChatView } from '../table/ChatPanel';
import { ChatModel } from '../table/chat-model';
import { LeagueMatches } from './LeagueMatches';
import { leagueApi } from './league-api';
import { type LeagueLink, leagueLink } from './league-links';
import { LeaveLeague, OwnerTools } from './OwnerTools';
import { memberName, Standings } from './Standings';

const POLL_MS = 30_000;

/** The league's chat: the match chat's view over the league's path; polled with the league. */
function LeagueChat({ info, link }: { info: LeagueInfo; link: LeagueLink }): JSX.Element {
  const latest = useRef(info.chat);
  latest.current = info.chat;
  const model = useMemo(
    () =>
      new ChatModel({
        path: `/api/leagues/${encodeURIComponent(info.leagueId)}/chat`,
        token: link.token,
        tally: () => latest.current,
        listeners: new Set<(m: ChatMessage) => void>(),
        onSent(m) {
          for (const l of this.listeners) l(m);
        },
      }),
    [info.leagueId, link.token],
  );
  const names = new Map(info.members.map((m) => [m.member, memberName(m)]));
  const reader = { seat: info.you.member, host: info.you.owner, nameOf: (s: number) => names.get(s) ?? '' };
  return (
    <section class="card-box league-chat" aria-labelledby="league-chat">
      <h2 id="league-chat">{t('league.chat')}</h2>
      <ChatView
        model={model}
        reader={reader}
        tally={info.chat}
        muted={false}
        writes={info.you.member !== null && info.status === 'active'}
        readOnlyText={t(info.status === 'archived' ? 'league.archived' : 'league.chatOwner')}
      />
    </section>
  );
}

/** The league page of `leagueId`. */
export function LeagueView({ leagueId }: { leagueId: string }): JSX.Element {
  const link = useMemo(() => leagueLink(leagueId), [leagueId]);
  const info = useSignal<LeagueInfo | null>(null);
  const err = useSignal<string | null>(null);
  const load = async () => {
    if (!link) return;
    try {
      info.value = await leagueApi.league(leagueId, link.token);
      err.value = null;
    } catch (x) {
      err.value = x instanceof ApiError ? await errorWords(x) : String(x);
    }
  };
  useEffect(() => {
    void load();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [leagueId]);
  if (!link) return <p class="error">{t('league.noLink')}</p>;
  const i = info.value;
  if (!i)
    return err.value ? (
      <p class="error" role="alert">
        {err.value}
      </p>
    ) : (
      <p class="muted">{t('common.loading')}</p>
    );
  const me = i.members.find((m) => m.member === i.you.member);
  return (
    <div class="league">
      <h1>{i.name}</h1>
      {me && <p>{t('league.youAre', { name: me.name })}</p>}
      {i.you.owner && <p>{t('league.youOwn')}</p>}
      {i.status === 'archived' && <p class="notice">{t('league.archived')}</p>}
      {err.value && (
        <p class="error" role="alert">
          {err.value}
        </p>
      )}
      <Standings standings={i.standings} />
      <LeagueMatches info={i} link={link} />
      <LeagueChat info={i} link={link} />
      {i.you.member !== null && i.status === 'active' && <LeaveLeague info={i} link={link} onDone={load} />}
      {i.you.owner && i.status === 'active' && <OwnerTools info={i} link={link} onDone={load} />}
    </div>
  );
}
