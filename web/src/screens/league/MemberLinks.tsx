/**
 * A league's links on its page. The owner sees every member's link kept on this device (all of them
 * from the league's creation) with Copy and Share, the owner link itself, and a "new link" per
 * member that replaces the old one on the server (one row written). A member sees only their own
 * link. Whom the device plays as, when it holds more than one way in, is picked here too.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import type { LeagueInfo } from '../../../../worker/league-protocol';
import { ShareLink } from '../../components/ShareLink';
import { t } from '../../i18n';
import { ApiError } from '../../lib/api';
import { type DeviceLeague, memberToken, saveMemberLink } from '../../lib/leagues';
import { replaceSeatToken } from '../../lib/storage';
import { errorText } from '../../lib/words';
import { leagueApi } from './league-api';
import { Confirmed } from './OwnerTools';

/** A league link's address on this site. */
export function leagueUrl(leagueId: string, kind: 'owner' | 'member', token: string): string {
  return `${location.origin}/l/${encodeURIComponent(leagueId)}#${kind}=${token}`;
}

/** The members still in the league whose link this device holds. */
function heldMembers(info: LeagueInfo, device: DeviceLeague | undefined) {
  return info.members.filter((m) => !m.left && memberToken(device, m.member));
}

/** Whether the device holds more than one way in (so `PlayAs` shows). */
export function picksPlayer(info: LeagueInfo, device: DeviceLeague | undefined): boolean {
  const held = heldMembers(info, device).length;
  return held > 1 || (held === 1 && Boolean(device?.owner));
}

/**
 * "You play as": shown when the device holds the owner's link and a member's, or several members'
 * links; picking one makes it the member this device plays as (null: the owner's link alone).
 */
export function PlayAs(props: {
  info: LeagueInfo;
  device: DeviceLeague | undefined;
  member: number | null;
  onPick: (member: number | null) => void;
}): JSX.Element | null {
  const held = heldMembers(props.info, props.device);
  if (!picksPlayer(props.info, props.device)) return null;
  const owner = Boolean(props.device?.owner);
  return (
    <label class="league-play-as">
      {t('league.playAs')}
      <select
        value={props.member === null ? '' : String(props.member)}
        onChange={(e) => props.onPick(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
      >
        {held.map((m) => (
          <option key={m.member} value={String(m.member)}>
            {m.name}
          </option>
        ))}
        {owner && <option value="">{t('league.playAsNobody')}</option>}
      </select>
    </label>
  );
}

/** One member's link for the owner, with its "new link". */
function MemberLinkRow(props: {
  info: LeagueInfo;
  member: { member: number; name: string };
  token: string | null;
  ownerToken: string;
}): JSX.Element {
  const busy = useSignal(false);
  const err = useSignal<ApiError | null>(null);
  const done = useSignal(false);
  const { info, member } = props;
  const renew = async () => {
    busy.value = true;
    err.value = null;
    try {
      const r = await leagueApi.newLink(info.leagueId, props.ownerToken, member.member);
      const token = new URL(r.url).hash.replace(/^#member=/, '');
      saveMemberLink(info.leagueId, member.member, token, { adopt: false });
      // The member's seats in the league's matches take the new token too (server side as well).
      if (props.token) replaceSeatToken(props.token, token);
      done.value = true;
    } catch (x) {
      err.value = x instanceof ApiError ? x : new ApiError(0, 'network', String(x));
    } finally {
      busy.value = false;
    }
  };
  const renewButton = (
    <Confirmed
      label={t('league.newLink')}
      question={t('league.newLinkConfirm', { name: member.name })}
      yes={t('league.newLinkYes')}
      busy={busy.value}
      onYes={() => void renew()}
    />
  );
  return (
    <li data-member={member.member}>
      {props.token ? (
        <ShareLink
          url={leagueUrl(info.leagueId, 'member', props.token)}
          label={t('league.new.memberLink', { name: member.name })}
          shareText={t('league.shareMember', { league: info.name, name: member.name })}
          actions={renewButton}
        />
      ) : (
        <div class="share">
          <p>{t('league.linkElsewhere', { name: member.name })}</p>
          <div class="actions">{renewButton}</div>
        </div>
      )}
      {done.value && <p role="status">{t('league.newLinkDone', { name: member.name })}</p>}
      {err.value && (
        <p class="error" role="alert">
          {errorText(err.value)}
        </p>
      )}
    </li>
  );
}

/** The links section: every member's for the owner, else the member's own; nothing without either. */
export function MemberLinks(props: {
  info: LeagueInfo;
  device: DeviceLeague | undefined;
  ownerToken: string | null;
  member: number | null;
}): JSX.Element | null {
  const { info, device, ownerToken } = props;
  if (ownerToken) {
    return (
      <section class="card-box league-links" aria-labelledby="league-links">
        <h2 id="league-links">{t('league.links')}</h2>
        <p>{t('league.linksIntro')}</p>
        <ul class="league-link-list">
          {info.members
            .filter((m) => !m.left)
            .map((m) => (
              <MemberLinkRow
                key={m.member}
                info={info}
                member={m}
                token={memberToken(device, m.member)}
                ownerToken={ownerToken}
              />
            ))}
        </ul>
        <ShareLink
          url={leagueUrl(info.leagueId, 'owner', ownerToken)}
          label={t('league.new.ownerLink')}
          shareText={t('league.shareOwner', { league: info.name })}
        />
      </section>
    );
  }
  const token = memberToken(device, props.member);
  const me = info.members.find((m) => m.member === props.member);
  if (!token || !me) return null;
  return (
    <section class="card-box league-links" aria-labelledby="league-links">
      <h2 id="league-links">{t('league.yourLink')}</h2>
      <ShareLink
        url={leagueUrl(info.leagueId, 'member', token)}
        label={t('league.yourLinkText')}
        shareText={t('league.shareMember', { league: info.name, name: me.name })}
      />
    </section>
  );
}
