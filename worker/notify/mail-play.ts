/**
 * The reader's turn in a mail (issue 34): the position from their own view and the suggested moves
 * as links (each opens its confirmation page, worker/routes/mail-move.ts); the mail's button then
 * opens the table.
 * Words from worker/words/moves and the mail catalog; blocks for compose.ts.
 */

import { moveWordsFor } from '../words/moves';
import { joinNames } from './events';
import type { Catalog } from './i18n';
import { type MailPlay, moveText, type PositionWords, positionLines } from './mail-position';
import type { Block } from './render';
import { mailName } from './sanitize';

/**
 * The words of positions and moves for a mail in catalog `c`, the seats named `names` (each made safe
 * here, `mailName`: a name typed by whoever made the match never becomes a link in a mail).
 */
export function positionWords(c: Catalog, names: readonly string[]): PositionWords {
  return {
    words: moveWordsFor(c.locale),
    cards: c.cards,
    locale: c.locale,
    names: names.map(mailName),
    join: (n) => joinNames(n, c),
  };
}

/**
 * The blocks of `play` (none without it), `names` the seats' raw names (made safe here, once):
 * "Where things stand" and the position's lines; with suggested moves, their links. The table is not
 * linked here: the mail's button (compose.ts), right after these blocks, opens the seat's page.
 */
export function playBlocks(play: MailPlay | undefined, names: readonly string[], c: Catalog): Block[] {
  if (!play) return [];
  const p = positionWords(c, names);
  const blocks: Block[] = [{ p: p.words.positionIntro }, { list: positionLines(play.position, p) }];
  const links = play.moves.flatMap(({ move, url }) => {
    const label = moveText(move, play.position, p);
    return label ? [{ label, href: url }] : [];
  });
  // The table itself is the mail's own button, right after these blocks (compose.ts).
  if (links.length > 0) blocks.push({ p: p.words.suggestIntro }, { links });
  return blocks;
}
