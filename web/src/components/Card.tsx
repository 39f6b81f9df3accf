/**
 * Card faces, drawn here in SVG and CSS (no copied artwork). Every face carries its kind as an
 * icon and a word (hazard: warning triangle, remedy: round sign, safety: shield, distance:
 * milestone), so colour is never the only signal, plus the card's name in the current language
 * (worker/words/cards, shared with the mail).
 */
import type { JSX } from 'preact';
import { CARD_KINDS, type CardKind } from '../../../worker/shared/rules-data';
import { cardName as plainName } from '../../../worker/words/cards/catalog';
import { cardNames, t } from '../i18n';
import type { CardId } from '../lib/types';

/** The card's name in the current language, as the mail names it (worker/words/cards). */
export function cardName(card: CardId): string {
  return plainName(cardNames.value, card);
}

/** "Accident, hazard card" — the label screen readers read for a card. */
export function cardLabel(card: CardId, sideways = false): string {
  if (sideways) return t('card.ariaSideways', { card: cardName(card) });
  const kind = CARD_KINDS[card] ?? 'distance';
  return t('card.aria', { card: cardName(card), kind: t(`kind.${kind}`).toLowerCase() });
}

/** The small icon of a card kind (24×24 viewBox). */
export function KindIcon({ kind }: { kind: CardKind }): JSX.Element {
  return (
    <svg class="kind-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {kind === 'hazard' && (
        <>
          <path
            d="M12 2 23 21H1Z"
            fill="#fff"
            stroke="currentColor"
            stroke-width="2"
            stroke-linejoin="round"
          />
          <path d="M12 8v6" stroke="#111" stroke-width="2.4" stroke-linecap="round" />
          <circle cx="12" cy="17.5" r="1.4" fill="#111" />
        </>
      )}
      {kind === 'remedy' && (
        <>
          <circle cx="12" cy="12" r="10" fill="#fff" stroke="currentColor" stroke-width="2" />
          <path
            d="m7 12.5 3.2 3.2L17 9"
            fill="none"
            stroke="#111"
            stroke-width="2.4"
            stroke-linecap="round"
          />
        </>
      )}
      {kind === 'safety' && (
        <path
          d="M12 2 21 5.5V12c0 5-3.8 8.6-9 10-5.2-1.4-9-5-9-10V5.5Z"
          fill="#fff"
          stroke="currentColor"
          stroke-width="2"
          stroke-linejoin="round"
        />
      )}
      {kind === 'distance' && (
        <>
          <path d="M5 22V10a7 7 0 0 1 14 0v12Z" fill="#fff" stroke="currentColor" stroke-width="2" />
          <path d="M5 11a7 7 0 0 1 14 0Z" fill="#c1121f" />
        </>
      )}
    </svg>
  );
}

const TIRE = (
  <>
    <circle cx="32" cy="32" r="20" fill="#222" />
    <circle cx="32" cy="32" r="9" fill="#ccc" stroke="#555" stroke-width="2" />
  </>
);

/** The picture of each card (64×64 viewBox), simple shapes only. */
function Art({ card }: { card: CardId }): JSX.Element {
  switch (card) {
    case 'd25':
    case 'd50':
    case 'd75':
    case 'd100':
    case 'd200':
      return (
        <>
          <path d="M14 60V26a18 18 0 0 1 36 0v34Z" fill="#fff" stroke="#333" stroke-width="2.5" />
          <path d="M14 27a18 18 0 0 1 36 0Z" fill={card === 'd200' ? '#1d4e89' : '#c1121f'} />
          <text
            x="32"
            y="49"
            text-anchor="middle"
            font-size={card === 'd25' || card === 'd50' || card === 'd75' ? 17 : 15}
            font-weight="700"
            fill="#111"
          >
            {card.slice(1)}
          </text>
        </>
      );
    case 'accident':
      return (
        <>
          <path
            d="M32 6l6 14 15-5-8 13 13 8-15 2 3 16-14-9-14 9 3-16-15-2 13-8-8-13 15 5Z"
            fill="#f4a261"
            stroke="#7a1d12"
            stroke-width="2"
          />
          <path d="M20 38h24l-3-8H23Z" fill="#c1121f" />
          <circle cx="25" cy="40" r="3" fill="#111" />
          <circle cx="39" cy="40" r="3" fill="#111" />
        </>
      );
    case 'out_of_gas':
    case 'gasoline':
      return (
        <>
          <rect x="14" y="12" width="24" height="44" rx="3" fill={card === 'gasoline' ? '#2d6a4f' : '#777'} />
          <rect x="18" y="17" width="16" height="12" rx="1" fill="#fff" />
          <path d={card === 'gasoline' ? 'M20 27l11-8' : 'M20 27l2-8'} stroke="#c1121f" stroke-width="2" />
          <path d="M38 20h6l4 6v22a3 3 0 0 1-6 0V34h-4" fill="none" stroke="#333" stroke-width="3" />
          {card === 'out_of_gas' && (
            <text x="26" y="50" text-anchor="middle" font-size="12" font-weight="700" fill="#fff">
              E
            </text>
          )}
        </>
      );
    case 'flat_tire':
      return (
        <>
          <path d="M12 44a20 20 0 1 1 40 0c0 6-6 8-20 8s-20-2-20-8Z" fill="#222" />
          <circle cx="32" cy="36" r="8" fill="#ccc" stroke="#555" stroke-width="2" />
          <path d="M48 14l6-6M52 20l8-2M44 10l2-8" stroke="#c1121f" stroke-width="2.5" />
        </>
      );
    case 'spare_tire':
      return (
        <>
          {TIRE}
          <path d="M46 50l10 10M56 50 46 60" stroke="#2d6a4f" stroke-width="0" />
          <path d="M48 46h12M54 40v12" stroke="#2d6a4f" stroke-width="4" />
        </>
      );
    case 'speed_limit':
    case 'end_of_limit':
      return (
        <>
          <circle
            cx="32"
            cy="32"
            r="24"
            fill="#fff"
            stroke={card === 'speed_limit' ? '#c1121f' : '#333'}
            stroke-width="6"
          />
          <text x="32" y="40" text-anchor="middle" font-size="22" font-weight="700" fill="#111">
            50
          </text>
          {card === 'end_of_limit' && <path d="M15 49 49 15" stroke="#333" stroke-width="5" />}
        </>
      );
    case 'stop':
    case 'roll':
      return (
        <>
          <rect x="21" y="4" width="22" height="56" rx="6" fill="#333" />
          <circle cx="32" cy="16" r="7" fill={card === 'stop' ? '#e63946' : '#555'} />
          <circle cx="32" cy="32" r="7" fill="#555" />
          <circle cx="32" cy="48" r="7" fill={card === 'roll' ? '#52b788' : '#555'} />
        </>
      );
    case 'repairs':
      return (
        <path
          d="M44 8a12 12 0 0 0-11 16L10 47a5 5 0 0 0 7 7l23-23a12 12 0 0 0 16-11l-7 4-6-3-1-7Z"
          fill="#adb5bd"
          stroke="#333"
          stroke-width="2.5"
          stroke-linejoin="round"
        />
      );
    case 'driving_ace':
      return (
        <>
          <circle cx="32" cy="32" r="22" fill="none" stroke="#1d4e89" stroke-width="6" />
          <circle cx="32" cy="32" r="6" fill="#1d4e89" />
          <path d="M10 30h44M32 38v16" stroke="#1d4e89" stroke-width="5" />
        </>
      );
    case 'extra_tank':
      return (
        <>
          <rect x="4" y="20" width="40" height="22" rx="10" fill="#1d4e89" />
          <path d="M44 26h10l6 8v8H44Z" fill="#457b9d" />
          <circle cx="16" cy="46" r="6" fill="#222" />
          <circle cx="50" cy="46" r="6" fill="#222" />
        </>
      );
    case 'puncture_proof':
      return (
        <>
          {TIRE}
          <path
            d="M46 34l10 4v8c0 6-5 9-10 11-5-2-10-5-10-11v-8Z"
            fill="#1d4e89"
            stroke="#fff"
            stroke-width="2"
          />
        </>
      );
    case 'right_of_way':
      return (
        <>
          <path d="M18 44a14 14 0 0 1 28 0Z" fill="#e63946" stroke="#333" stroke-width="2" />
          <rect x="12" y="44" width="40" height="8" rx="2" fill="#333" />
          <path d="M32 8v10M14 16l6 7M50 16l-6 7" stroke="#f4a261" stroke-width="4" stroke-linecap="round" />
        </>
      );
  }
}

/** Props of a card face. */
export interface CardFaceProps {
  card: CardId;
  /** Laid sideways (a coup fourré safety on the table). */
  sideways?: boolean;
  /** `hand` (full size), `table` (smaller, in a player's area). */
  size?: 'hand' | 'table';
}

/**
 * A card face as an image with a spoken label. Spans (laid out by styles.css), as a face may sit in a
 * button (the discard pile), which takes phrasing content only.
 */
export function CardFace({ card, sideways = false, size = 'table' }: CardFaceProps): JSX.Element {
  return (
    <span class={`card-wrap${sideways ? ' sideways' : ''}`}>
      <span class={`card size-${size}`} role="img" aria-label={cardLabel(card, sideways)}>
        <CardBody card={card} />
      </span>
    </span>
  );
}

/**
 * The face's size class for a name: its longest unbreakable piece counts (a name wraps at spaces,
 * hyphens and the catalog's soft hyphens only, never inside a word), so a face can always fit it.
 * "" up to 7 letters, `long` up to 9, `xlong` up to 11, `xxlong` beyond (12 at most in the five
 * catalogs).
 */
export function nameFit(name: string): '' | ' long' | ' xlong' | ' xxlong' {
  // A piece ends at a space, or after a hyphen (shown when the line breaks there).
  const longest = Math.max(...name.split(/\s+|(?<=[\u00AD-])/).map((w) => w.length));
  if (longest > 11) return ' xxlong';
  return longest > 9 ? ' xlong' : longest > 7 ? ' long' : '';
}

/**
 * The inside of a face (used by CardFace and by the hand's card buttons). Phrasing content only
 * (spans, laid out by styles.css), as a button may hold no div.
 */
export function CardBody({ card }: { card: CardId }): JSX.Element {
  const kind = CARD_KINDS[card] ?? 'distance';
  // The face keeps the catalog's soft hyphens so that long compound names wrap.
  const name = cardNames.value[card];
  return (
    <span class={`face k-${kind}${nameFit(name)}`} aria-hidden="true">
      <span class="face-kind">
        <KindIcon kind={kind} />
        <span>{t(`kind.${kind}`)}</span>
      </span>
      <svg class="face-art" viewBox="0 0 64 64" focusable="false" aria-hidden="true">
        <Art card={card} />
      </svg>
      <span class="face-name">{name}</span>
    </span>
  );
}

/** A card's picture alone, icon-sized (a safety in an area's compact line). */
export function MiniArt({ card }: { card: CardId }): JSX.Element {
  return (
    <svg class="mini-art" viewBox="0 0 64 64" focusable="false" aria-hidden="true">
      <Art card={card} />
    </svg>
  );
}

/** An empty pile slot (spans, as CardFace). */
export function EmptySlot({ label }: { label: string }): JSX.Element {
  return (
    <span class="card-wrap">
      <span class="card size-table empty" role="img" aria-label={label}>
        <span aria-hidden="true">{label}</span>
      </span>
    </span>
  );
}
