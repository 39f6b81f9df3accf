/**
 * A league's page for the holder of its owner link or a member link (or both, on one device: see
 * league-links.ts): the name, whom the device plays as, the matches (a member starts one with one
 * press), the standings and form, the links (each member's for the owner, with a new link; the
 * member's own), the league's chat (the match chat's own view and model over the league's channel),
 * leaving, and the owner's tools. The league is read again every 30 s while the page is open and
 * after every change made here.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { LeagueInfo } from '../../../../worker/league-protocol';
import type { ChatMessage } from '../../../../worker/protocol/chat';
import { t } from '../../i18n';
import { ApiError } from '../../lib/api';
import { deviceLeagues, findLeague, forgetLeagueToken, nameLeague, playAs } from '../../lib/leagues';
import { errorText } from '../../lib/words';
import { ChatView } from '../table/ChatPanel';
import { ChatModel } from '../table/chat-model';
import { LeagueMatches } from './LeagueMatches';
import { leagueApi } from './league-api';
import { accessOf, checkLink, takeFragment } from './league-links';
import { MemberLinks, PlayAs, picksPlayer } from './MemberLinks';
import { LeaveLeague, OwnerTools } from './OwnerTools';
import { memberName, Standings } from './Standings';

const POLL_MS = 30_000;

/** The league's chat: the match chat's view over the league's path; polled with the league. */
function LeagueChat({ info, token }: { info: LeagueInfo; token: string }): JSX.Element {
  const latest = useRef(info.chat);
  latest.current = info.chat;
  const model = useMemo(
    () =>
      new ChatModel({
        path: `/api/leagues/${encodeURIComponent(info.leagueId)}/chat`,
        token,
        tally: () => latest.current,
        listeners: new Set<(m: ChatMessage) => void>(),
        onSent(m) {
          for (const l of this.listeners) l(m);
        },
      }),
    [info.leagueId, token],
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
  // The fragment's link (read on load, and again when a link of this page is opened in it); its
  // member, once the server confirmed it, plays this visit. A new object for every link opened.
  const opened = useSignal<{ token: string | null }>(useMemo(() => ({ token: takeFragment() }), [leagueId]));
  const visitMember = useSignal<number | null>(null);
  const checked = useSignal(false);
  const info = useSignal<LeagueInfo | null>(null);
  // The refusal itself, not its words: those are read at render, once the error words have loaded.
  const err = useSignal<ApiError | null>(null);
  // The refusal of this visit's link (kept while the device's own links show the league).
  const refused = useSignal<ApiError | null>(null);
  const device = deviceLeagues.value.find((l) => l.leagueId === leagueId);
  const access = accessOf(device, visitMember.value);
  const view = access.view;
  const load = async () => {
    if (!view) return;
    try {
      const i = await leagueApi.league(leagueId, view);
      nameLeague(leagueId, i.name);
      info.value = i;
      err.value = null;
    } catch (x) {
      err.value = x instanceof ApiError ? x : new ApiError(0, 'network', String(x));
    }
  };
  useEffect(() => {
    const onHash = () => {
      const token = takeFragment();
      if (token) opened.value = { token };
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [leagueId]);
  useEffect(() => {
    let live = true;
    const fragment = opened.value.token;
    const candidates = [fragment, findLeague(leagueId)?.unchecked].filter((x): x is string => Boolean(x));
    void (async () => {
      for (const token of candidates) {
        const r = await checkLink(leagueId, token);
        if (!live) return;
        if (token !== fragment) {
          // An earlier version's link that the league refuses is of no use: checked once only.
          if (r.refused && r.refused.status >= 400 && r.refused.status < 500)
            forgetLeagueToken(leagueId, token);
          continue;
        }
        refused.value = r.refused;
        if (r.member !== null) visitMember.value = r.member;
      }
      checked.value = true;
    })();
    return () => {
      live = false;
    };
  }, [leagueId, opened.value]);
  useEffect(() => {
    if (!checked.value) return;
    void load();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [leagueId, checked.value, view]);
  if (checked.value && !view)
    return (
      <p class="error" role="alert">
        {refused.value ? errorText(refused.value) : t('league.noLink')}
      </p>
    );
  const i = info.value;
  if (!i || i.leagueId !== leagueId)
    return err.value ? (
      <p class="error" role="alert">
        {errorText(err.value)}
      </p>
    ) : (
      <p class="muted">{t('common.loading')}</p>
    );
  const me = i.members.find((m) => m.member === i.you.member);
  const owner = access.owner !== null;
  return (
    <div class="league">
      <h1>{i.name}</h1>
      {me && !picksPlayer(i, device) && <p>{t('league.youAre', { name: me.name })}</p>}
      {owner && <p>{t('league.youOwn')}</p>}
      {i.status === 'archived' && <p class="notice">{t('league.archived')}</p>}
      {[refused.value, err.value].map(
        (e) =>
          e && (
            <p key={e.code} class="error" role="alert">
              {errorText(e)}
            </p>
          ),
      )}
      <PlayAs
        info={i}
        device={device}
        member={access.member}
        onPick={(m) => {
          playAs(leagueId, m);
          visitMember.value = m;
        }}
      />
      <LeagueMatches info={i} token={access.memberToken} />
      <Standings standings={i.standings} />
      <MemberLinks info={i} device={device} ownerToken={access.owner} member={access.member} />
      <LeagueChat info={i} token={view!} />
      {access.memberToken && i.you.member !== null && i.status === 'active' && (
        <LeaveLeague info={i} token={access.memberToken} onDone={load} />
      )}
      {access.owner && i.status === 'active' && <OwnerTools info={i} token={access.owner} onDone={load} />}
    </div>
  );
}
