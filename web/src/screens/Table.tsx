/**
 * The table: every player's or team's area, the draw and discard piles, my hand with the legal
 * moves highlighted (tap a card, then its target), whose turn it is with the deadline, the
 * response-window prompt, the log in words and the connection status. Only `view.legalMoves`
 * decides what is offered.
 */
import { useComputed, useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { CardBody, CardFace, cardLabel, cardName, EmptySlot } from '../components/Card';
import { Countdown } from '../components/Countdown';
import { t } from '../i18n';
import { canPlay, drawMoves, findMulligan, optionsForCard, teamOfSeat } from '../lib/moves';
import type { MatchSession } from '../lib/session';
import type { CardId, MatchInfo, MatchView, Move } from '../lib/types';
import { errorText, eventText, localTime, seatName, teamName } from '../lib/words';
import { EndOfHand } from './EndOfHand';

type TableauView = MatchView['tableaux'][number];

/** One player's or team's area. `target` makes it a drop target for the selected card. */
export function TableauArea(props: {
  info: MatchInfo | null;
  view: MatchView;
  tableau: TableauView;
  mine: boolean;
  target?: { label: string; onPick: () => void } | null;
}): JSX.Element {
  const { info, view, tableau: tb, mine, target } = props;
  const name = teamName(info, view, tb.team);
  const title = mine ? t('table.yourArea') : t('table.area', { name });
  const goal = view.goal;
  const isTurn = view.turn !== null && tb.seats.includes(view.turn);
  const hands = tb.seats.map((s) => view.handSizes[s] ?? 0);
  const standIn = tb.seats.some((s) => info?.seats.find((x) => x.seat === s)?.botStandIn);
  return (
    <section
      class={`tableau${mine ? ' mine' : ''}${isTurn ? ' turn' : ''}${target ? ' is-target' : ''}`}
      aria-label={title}
      data-team={tb.team}
    >
      <header class="tableau-head">
        <h2 class="h3">
          {title}
          {mine && tb.seats.length > 1 && <span class="muted"> · {name}</span>}
        </h2>
        <span class="chips">
          <span class={`chip ${tb.rolling ? 'ok' : 'bad'}`}>
            {tb.rolling ? t('table.rolling') : t('table.stopped')}
          </span>
          {tb.limited && <span class="chip warn">{t('table.limited')}</span>}
          {standIn && <span class="chip">{t('table.botStandIn')}</span>}
          {tb.seats.map((seat, i) => (
            <span key={seat} class="chip">
              {tb.seats.length > 1 && `${seatName(info, seat)}: `}
              {t('table.cards', { n: hands[i] })}
            </span>
          ))}
        </span>
      </header>
      <div class="tableau-body">
        <figure
          class="pile"
          aria-label={`${t('table.battle')}: ${tb.battleTop ? cardLabel(tb.battleTop) : t('card.none')}`}
        >
          <span class="pile-label">{t('table.battle')}</span>
          {tb.battleTop ? <CardFace card={tb.battleTop} /> : <EmptySlot label={t('card.none')} />}
        </figure>
        <figure
          class="pile"
          aria-label={`${t('table.speed')}: ${tb.speedTop ? cardLabel(tb.speedTop) : t('card.none')}`}
        >
          <span class="pile-label">{t('table.speed')}</span>
          {tb.speedTop ? <CardFace card={tb.speedTop} /> : <EmptySlot label={t('card.none')} />}
        </figure>
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

/** The response-window prompt (coup fourré / quick remedy / let it go) with its countdown. */
function WindowPrompt(props: {
  session: MatchSession;
  info: MatchInfo;
  view: MatchView;
}): JSX.Element | null {
  const { session, info, view } = props;
  const w = view.window;
  if (!w) return null;
  const mine = w.seat === view.seat;
  const answers = view.legalMoves.filter(
    (m) => m.type === 'coupFourre' || m.type === 'quickRemedy' || m.type === 'pass',
  );
  const busy = session.pending.value !== null;
  return (
    <section class={`prompt${mine ? ' urgent' : ''}`} aria-live="polite" aria-label={t('home.coupFourre')}>
      <p>
        {mine
          ? t('table.windowYou', { attacker: seatName(info, w.attacker), hazard: cardName(w.hazard) })
          : t('table.windowOther', { name: seatName(info, w.seat), hazard: cardName(w.hazard) })}
        {info.deadlines.window && (
          <>
            {' '}
            <Countdown until={info.deadlines.window} />
          </>
        )}
      </p>
      {mine && (
        <div class="actions">
          {answers.map((m) => (
            <button
              key={JSON.stringify(m)}
              type="button"
              class={m.type === 'pass' ? 'secondary' : 'primary'}
              disabled={busy}
              onClick={() => void session.sendMove(m)}
            >
              {m.type === 'coupFourre'
                ? t('table.coupFourre', { card: cardName(m.card) })
                : m.type === 'quickRemedy'
                  ? t('table.quickRemedy', { card: cardName(m.card) })
                  : t('table.pass')}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

/** The 700 km extension decision. */
function ExtensionPrompt({ session, view }: { session: MatchSession; view: MatchView }): JSX.Element | null {
  const moves = view.legalMoves.filter((m) => m.type === 'extension');
  if (!moves.length) return null;
  return (
    <section class="prompt urgent" aria-label={t('table.extension')}>
      <p>{t('table.extension')}</p>
      <div class="actions">
        {moves.map((m) => (
          <button
            key={String(m.type === 'extension' && m.accept)}
            type="button"
            class={m.type === 'extension' && m.accept ? 'primary' : 'secondary'}
            disabled={session.pending.value !== null}
            onClick={() => void session.sendMove(m)}
          >
            {m.type === 'extension' && m.accept ? t('table.extendYes') : t('table.extendNo')}
          </button>
        ))}
      </div>
    </section>
  );
}

/** The table screen of a match that is being played. */
export function Table({ session }: { session: MatchSession }): JSX.Element | null {
  const info = session.info.value;
  const view = info?.view;
  const selected = useSignal<number | null>(null);
  const picking = useSignal<number[] | null>(null);
  const liveRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  // A card chosen from the keyboard moves the focus to its first option (no tabbing through the hand).
  const focusActions = useRef(false);
  useEffect(() => {
    if (!focusActions.current) return;
    focusActions.current = false;
    actionsRef.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  });
  const version = view?.version;
  const selectedCard = selected.value === null ? undefined : view?.hand[selected.value];
  const selectedRef = useRef<CardId | undefined>(undefined);
  // A new version means a new situation: forget a selection that may no longer apply — but keep a
  // selected card that is still in the same place with moves to offer (an update that arrives while the
  // player is choosing, e.g. the automatic draw or a bot's move, must not undo the choice).
  useEffect(() => {
    const sel = selected.value;
    const card = sel === null ? undefined : view?.hand[sel];
    const options = card === undefined ? null : optionsForCard(view?.legalMoves ?? [], card as CardId);
    const stillThere =
      options !== null &&
      card === selectedRef.current &&
      (options.plays.length > 0 || options.discard !== null || options.answer !== null);
    if (!stillThere) selected.value = null;
    picking.value = null;
  }, [version]);
  selectedRef.current = selectedCard as CardId | undefined;
  const logItems = useComputed(() => session.log.value.slice(-40).reverse());
  if (!info || !view) return null;

  const legal = view.legalMoves;
  const me = view.seat;
  const myTeam = me === null ? -1 : teamOfSeat(view, me);
  const pending = session.pending.value;
  const busy = pending !== null;
  const draws = drawMoves(legal);
  const sel = selected.value;
  const selCard = sel !== null ? (view.hand[sel] as CardId | undefined) : undefined;
  const opts = selCard ? optionsForCard(legal, selCard) : null;
  const send = (m: Move) => {
    selected.value = null;
    picking.value = null;
    void session.sendMove(m);
  };
  const handOver = view.phase === 'handOver' || view.phase === 'matchOver';
  const turnName = view.window
    ? view.window.seat === me
      ? t('table.yourAnswer')
      : t('table.windowOther', {
          name: seatName(info, view.window.seat),
          hazard: cardName(view.window.hazard),
        })
    : view.turn === null
      ? ''
      : view.turn === me
        ? t('table.yourTurn')
        : t('table.turnOf', { name: seatName(info, view.turn) });
  const pickedCards = picking.value?.map((i) => view.hand[i]) ?? [];
  const mulliganMove = picking.value ? findMulligan(legal, pickedCards) : null;
  const canMulligan = legal.some((m) => m.type === 'mulligan');
  const total = session.log.value.length;
  const logLines = logItems.value
    .map((e, i) => [String(total - i), eventText(e, info, view)] as const)
    .filter(([, text]) => text !== '');

  // Order: my team first, then the others in seat order.
  const tableaux = [...view.tableaux].sort((a, b) =>
    a.team === myTeam ? -1 : b.team === myTeam ? 1 : a.team - b.team,
  );

  const targetFor = (tb: TableauView) => {
    if (!opts || !selCard) return null;
    const p = opts.plays.find((pl) =>
      pl.target === null ? tb.team === myTeam : teamOfSeat(view, pl.target) === tb.team,
    );
    if (!p) return null;
    return {
      label:
        p.target === null ? t('table.playSelf') : t('table.playOn', { name: teamName(info, view, tb.team) }),
      onPick: () => send(p.move),
    };
  };

  return (
    <div class="table-screen">
      <div class="statusbar" role="status" aria-live="polite">
        <strong class={(view.window ? view.window.seat === me : view.turn === me) ? 'your-turn' : ''}>
          {turnName}
        </strong>
        {info.deadlines.turn && !handOver && (
          <span>{t('table.deadline', { time: localTime(info.deadlines.turn) })}</span>
        )}
        <span class="muted">
          {t('table.handNo', { n: view.handNumber })} · {t('table.goal', { km: view.goal })}
        </span>
      </div>
      {session.error.value && (
        <div class="error" role="alert">
          {errorText(session.error.value)}
        </div>
      )}
      <div class="sr-only" aria-live="assertive" ref={liveRef}>
        {busy ? t('table.sending') : ''}
      </div>

      {handOver && <EndOfHand session={session} info={info} view={view} />}
      <WindowPrompt session={session} info={info} view={view} />
      <ExtensionPrompt session={session} view={view} />

      <div class="areas">
        {tableaux.map((tb) => (
          <TableauArea
            key={tb.team}
            info={info}
            view={view}
            tableau={tb}
            mine={tb.team === myTeam}
            target={targetFor(tb)}
          />
        ))}
      </div>

      <div class="piles">
        <button
          type="button"
          class={`deck${draws.pile ? ' legal' : ''}${pending?.type === 'draw' && pending.from !== 'discard' ? ' pending' : ''}`}
          disabled={!draws.pile || busy}
          onClick={() => draws.pile && send(draws.pile)}
        >
          <span class="deck-back" aria-hidden="true">
            <span>{view.deckSize}</span>
          </span>
          <span class="pile-caption">
            {draws.pile ? t('table.draw') : t('table.drawPile', { n: view.deckSize })}
          </span>
          {draws.pile && <span class="sr-only"> — {t('table.drawPile', { n: view.deckSize })}</span>}
        </button>
        {(() => {
          const discardTarget = opts?.discard ?? null;
          const takeDiscard = draws.discard;
          const label = view.discardTop
            ? t('table.discardPile', { n: view.discardSize, card: cardName(view.discardTop) })
            : t('table.discardEmpty');
          const action = discardTarget ?? takeDiscard;
          return (
            <button
              type="button"
              class={`discard${action ? ' legal' : ''}`}
              disabled={!action || busy}
              onClick={() => action && send(action)}
            >
              <span aria-hidden="true">
                {view.discardTop ? <CardFace card={view.discardTop} /> : <EmptySlot label={t('card.none')} />}
              </span>
              <span class="pile-caption">
                {discardTarget && selCard
                  ? t('table.discard', { card: cardName(selCard) })
                  : takeDiscard && view.discardTop
                    ? t('table.drawDiscard', { card: cardName(view.discardTop) })
                    : label}
              </span>
            </button>
          );
        })()}
      </div>

      {me !== null ? (
        <section class="hand-area" aria-label={t('table.hand')}>
          <h2 class="sr-only">{t('table.hand')}</h2>
          <p class="hint" aria-live="polite">
            {busy
              ? t('table.sending')
              : picking.value
                ? t('table.mulliganPick')
                : selCard && opts
                  ? canPlay(opts)
                    ? t('table.chooseTarget', { card: cardName(selCard) })
                    : t('table.noPlay', { card: cardName(selCard) })
                  : legal.length
                    ? t('table.pickCard')
                    : ''}
          </p>
          <ul class="hand">
            {view.hand.map((card, i) => {
              const o = optionsForCard(legal, card);
              const playable = canPlay(o);
              const isSel = sel === i;
              const isPicked = picking.value?.includes(i) ?? false;
              const isPending =
                pending !== null && 'card' in pending && pending.card === card && (sel === null || isSel);
              return (
                <li key={`${card}-${i}`}>
                  <button
                    type="button"
                    class={`card size-hand${playable ? ' legal' : ''}${isSel || isPicked ? ' selected' : ''}${isPending ? ' pending' : ''}`}
                    aria-pressed={picking.value ? isPicked : isSel}
                    disabled={busy}
                    onClick={(e) => {
                      if (picking.value) {
                        picking.value = isPicked
                          ? picking.value.filter((x) => x !== i)
                          : [...picking.value, i];
                        return;
                      }
                      // detail 0: activated with Enter or Space rather than a pointer.
                      focusActions.current = !isSel && e.detail === 0;
                      selected.value = isSel ? null : i;
                    }}
                  >
                    <CardBody card={card} />
                    <span class="sr-only">
                      {cardLabel(card)}
                      {playable ? `, ${t('table.playable')}` : ''}
                    </span>
                    {playable && (
                      <span class="legal-mark" aria-hidden="true">
                        ●
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
          {opts && selCard && !picking.value && (
            <div class="actions" ref={actionsRef}>
              {opts.plays.map((p) => (
                <button
                  key={String(p.target)}
                  type="button"
                  class="primary"
                  disabled={busy}
                  onClick={() => send(p.move)}
                >
                  {p.target === null
                    ? t('table.playSelf')
                    : t('table.playOn', { name: teamName(info, view, teamOfSeat(view, p.target)) })}
                </button>
              ))}
              {opts.answer && (
                <button type="button" class="primary" disabled={busy} onClick={() => send(opts.answer!)}>
                  {opts.answer.type === 'coupFourre'
                    ? t('table.coupFourre', { card: cardName(selCard) })
                    : t('table.quickRemedy', { card: cardName(selCard) })}
                </button>
              )}
              {opts.discard && (
                <button type="button" class="secondary" disabled={busy} onClick={() => send(opts.discard!)}>
                  {t('table.discard', { card: cardName(selCard) })}
                </button>
              )}
              <button type="button" class="ghost" onClick={() => (selected.value = null)}>
                {t('common.cancel')}
              </button>
            </div>
          )}
          {canMulligan && (
            <div class="actions">
              {picking.value ? (
                <>
                  <button
                    type="button"
                    class="primary"
                    disabled={!mulliganMove || busy}
                    onClick={() => mulliganMove && send(mulliganMove)}
                  >
                    {t('table.mulliganConfirm', { n: pickedCards.length })}
                  </button>
                  <button type="button" class="ghost" onClick={() => (picking.value = null)}>
                    {t('common.cancel')}
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  class="secondary"
                  disabled={busy}
                  onClick={() => {
                    selected.value = null;
                    picking.value = [];
                  }}
                >
                  {t('table.mulligan')}
                </button>
              )}
            </div>
          )}
        </section>
      ) : (
        <p class="muted">{t('table.spectator')}</p>
      )}

      <section class="log" aria-label={t('table.log')}>
        <h2>{t('table.log')}</h2>
        {logLines.length === 0 ? (
          <p class="muted">{t('log.empty')}</p>
        ) : (
          <ol reversed>
            {logLines.map(([key, text]) => (
              <li key={key}>{text}</li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
