/**
 * The areas: every player's or team's tableau (battle and speed piles, distance, safeties with coup
 * fourré ones sideways, hand sizes), mine first. With a card selected, each area the card can be
 * played on shows a button for it (only `view.legalMoves` decides which). On a phone the others'
 * areas are compact lines that open on a tap (AreaLine, part of the first paint: a line arriving
 * later would replace the full area and move the table up); a player's announced absence shows on
 * the line itself.
 */

import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { teamOf } from '../../../../worker/shared/teams';
import { CardFace, cardLabel } from '../../components/Card';
import { lang, t } from '../../i18n';
import { awayLine } from '../../lib/away';
import type { CardId, MatchInfo, MatchView } from '../../lib/types';
import { seatName, teamName } from '../../lib/words';
import { AreaLine } from './AreaLine';
import type { TableState } from './state';
import { TopCard } from './TopCard';

type TableauView = MatchView['tableaux'][number];

/** A drop target: the button that plays the selected card on an area. */
interface AreaTarget {
  label: string;
  onPick: () => void;
}

/** A battle or speed pile with its top card. */
function PileTop({ label, card }: { label: string; card: CardId | null }): JSX.Element {
  return (
    <figure class="pile" aria-label={`${label}: ${card ? cardLabel(card) : t('card.none')}`}>
      <span class="pile-label">{label}</span>
      <TopCard card={card} />
    </figure>
  );
}

/** "Bob is away until Wednesday" for each seat of `tb` whose player announced an absence (none: empty). */
function awayLines(info: MatchInfo | null, tb: TableauView): string[] {
  return tb.seats.flatMap((seat) => {
    const own = info?.you.seat === seat;
    const away = awayLine(seatName(info, seat), info?.seats[seat]?.awayUntil, Date.now(), lang.value, own);
    return away ? [away] : [];
  });
}

/** The area's title chips: rolling or stopped, limited, a bot standing in, who left, who is away, cards in each hand. */
function AreaChips(props: { info: MatchInfo | null; view: MatchView; tableau: TableauView }): JSX.Element {
  const { info, view, tableau: tb } = props;
  const hands = tb.seats.map((s) => view.handSizes[s] ?? 0);
  // A seat whose player left says so; the computer standing in for it is no news.
  const gone = tb.seats.filter((s) => info?.left?.some((l) => l.seat === s));
  // Once the match is over nobody plays for anybody: the chip would be stale news.
  const standIn =
    info?.status !== 'finished' &&
    view.phase !== 'matchOver' &&
    tb.seats.some((s) => !gone.includes(s) && info?.seats.find((x) => x.seat === s)?.botStandIn);
  return (
    <span class="chips">
      <span class={`chip ${tb.rolling ? 'ok' : 'bad'}`}>
        {tb.rolling ? t('table.rolling') : t('table.stopped')}
      </span>
      {tb.limited && <span class="chip warn">{t('table.limited')}</span>}
      {standIn && <span class="chip">{t('table.botStandIn')}</span>}
      {gone.map((s) => (
        <span key={`left-${s}`} class="chip">
          {t('leave.chip', { name: seatName(info, s) })}
        </span>
      ))}
      {awayLines(info, tb).map((away) => (
        <span key={away} class="chip warn">
          {away}
        </span>
      ))}
      {tb.seats.map((seat, i) => (
        <span key={seat} class="chip">
          {tb.seats.length > 1 && `${seatName(info, seat)}: `}
          {t('table.cards', { n: hands[i] })}
        </span>
      ))}
    </span>
  );
}

/** One player's or team's area. `target` makes it a drop target for the selected card. */
export function TableauArea(props: {
  info: MatchInfo | null;
  view: MatchView;
  tableau: TableauView;
  mine: boolean;
  target?: AreaTarget | null;
  /** The element id (the compact line on a phone controls it). */
  id?: string;
}): JSX.Element {
  const { info, view, tableau: tb, mine, target, id } = props;
  const name = teamName(info, view, tb.team);
  const title = mine ? t('table.yourArea') : t('table.area', { name });
  const goal = view.goal;
  const isTurn = view.turn !== null && tb.seats.includes(view.turn);
  return (
    <section
      id={id}
      class={`tableau${mine ? ' mine' : ''}${isTurn ? ' turn' : ''}${target ? ' is-target' : ''}`}
      aria-label={title}
      data-team={tb.team}
    >
      <header class="tableau-head">
        <h2 class="h3">
          {title}
          {mine && tb.seats.length > 1 && <span class="muted"> · {name}</span>}
        </h2>
        <AreaChips info={info} view={view} tableau={tb} />
      </header>
      <div class="tableau-body">
        <PileTop label={t('table.battle')} card={tb.battleTop} />
        <PileTop label={t('table.speed')} card={tb.speedTop} />
        <div class="distance">
          <label class="km">
            <span>{t('table.distance', { km: tb.km, goal })}</span>
            <progress
              max={goal}
              value={Math.min(tb.km, goal)}
              aria-label={t('table.distance', { km: tb.km, goal })}
            />
          </label>
          <span class="muted">{t('table.twoHundreds', { n: tb.twoHundreds })}</span>
          <figure class="safeties" aria-label={t('table.safeties')}>
            <span class="pile-label">{t('table.safeties')}</span>
            {tb.safeties.length === 0 && <span class="muted">{t('table.noSafeties')}</span>}
            {tb.safeties.map((s) => (
              <CardFace key={s} card={s} sideways={tb.coupFourre.includes(s)} />
            ))}
          </figure>
        </div>
      </div>
      {target && (
        <button type="button" class="target-btn" onClick={target.onPick}>
          {target.label}
        </button>
      )}
    </section>
  );
}

/** The button that plays the selected card on `tb`, when that is one of its legal plays. */
function targetFor(state: TableState, tb: TableauView): AreaTarget | null {
  const { info, view, card, options, myTeam, send } = state;
  if (!options || !card) return null;
  const p = options.plays.find((pl) =>
    pl.target === null ? tb.team === myTeam : teamOf(view, pl.target) === tb.team,
  );
  if (!p) return null;
  return {
    label:
      p.target === null ? t('table.playSelf') : t('table.playOn', { name: teamName(info, view, tb.team) }),
    onPick: () => send(p.move),
  };
}

/** Orders tableaux with my team's first, then the others by team. */
function myTeamFirst(myTeam: number | null): (a: TableauView, b: TableauView) => number {
  return (a, b) => Number(b.team === myTeam) - Number(a.team === myTeam) || a.team - b.team;
}

/**
 * A short highlight over what the last update changed; `at` is that update's version (give it as the
 * key too, so each new change starts the highlight again), null for no change.
 */
export function Flash({ at }: { at: number | null }): JSX.Element | null {
  return at === null ? null : <span class="flash" aria-hidden="true" />;
}

/**
 * Every area. On a phone each other player's or team's area is one compact line (components/AreaLine)
 * that opens the full area on a tap; mine stays in full. An area the last update changed flashes.
 */
export function Areas({ state }: { state: TableState }): JSX.Element {
  const { info, view, myTeam, changes } = state;
  const open = useSignal<readonly number[]>([]);
  const tableaux = [...view.tableaux].sort(myTeamFirst(myTeam));
  return (
    <div class="areas">
      {tableaux.map((tb) => {
        const mine = tb.team === myTeam;
        const target = targetFor(state, tb);
        const isOpen = open.value.includes(tb.team);
        const id = `area-${tb.team}`;
        const flashAt = changes?.areas.has(tb.team) ? changes.version : null;
        return (
          <div key={tb.team} class={`area-wrap${mine ? ' mine' : ''}${isOpen ? ' open' : ''}`}>
            {!mine && (
              <AreaLine
                name={
                  // A player who left is named so on the phone's line too.
                  tb.seats.every((s) => info?.left?.some((l) => l.seat === s))
                    ? t('leave.chip', { name: teamName(info, view, tb.team) })
                    : teamName(info, view, tb.team)
                }
                tableau={tb}
                away={awayLines(info, tb)}
                open={isOpen}
                controls={id}
                target={target !== null}
                onToggle={() => {
                  open.value = isOpen ? open.value.filter((x) => x !== tb.team) : [...open.value, tb.team];
                }}
              />
            )}
            <TableauArea id={id} info={info} view={view} tableau={tb} mine={mine} target={target} />
            <Flash key={`f${flashAt}`} at={flashAt} />
          </div>
        );
      })}
    </div>
  );
}
