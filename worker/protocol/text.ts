/**
 * The stored-text rules of what a person types (seat and member names, match and league titles,
 * chat lines): controls refused or removed, invisible characters removed, blank-looking ones made
 * spaces, a length in code points, and at least one visible character.
 */
import * as v from 'valibot';
import { NAME_MAX_CHARS } from '../shared/limits';

// C0 and C1 controls (NUL, CR, LF, TAB, BEL, NEL, …), DEL, the line and paragraph separators, and
// lone surrogates: refused in names and titles.
const CONTROL = /[\p{Cc}\u2028\u2029]|\p{Cs}/u;
// Invisible format characters (category Cf: bidi embeddings, overrides, isolates and marks, zero-width
// space and joiners, word joiner, BOM, soft hyphen, …) and the blank Hangul fillers: removed, so a
// name can neither reorder the text around it nor pass for another name or for nothing.
// The Khmer inherent vowels draw nothing either (marks with no shape of their own).
// Every default-ignorable code point (variation selectors, tag characters, Mongolian free variation
// selectors, reserved ones…) goes too: renderers draw nothing for them.
const INVISIBLE = /\p{Cf}|\p{Default_Ignorable_Code_Point}|\u034f|[\u115f\u1160\u3164\uffa0\u17b4\u17b5]/gu;
// Characters no version of Unicode known here assigns: no telling what a reader's device shows.
const UNASSIGNED = /\p{Cn}/u;
// Characters Unicode calls symbols that draw a blank (the Braille blank, the musical null notehead,
// the object replacement character): they count as spaces.
const BLANK = /[\u2800\u{1d159}\ufffc]/gu;
// A name or title must show a letter, digit, symbol or punctuation character; marks alone
// (combining accents) or spaces do not count.
const VISIBLE = /[\p{L}\p{N}\p{S}\p{P}]/u;

// Every control character, line separator or lone surrogate, for text whose controls are removed.
const CONTROLS = /[\p{Cc}\u2028\u2029]|\p{Cs}/gu;

/**
 * Text a person types (a name, a title): no control characters or lone surrogates (400; with
 * `controls: 'remove'`, a chat line: line breaks become a space and the other controls are
 * removed); invisible format characters removed, blank-looking symbols and whitespace runs made one
 * space, trimmed; at most `max` code points; empty, or with at least one visible character (`VISIBLE`).
 */
export function typedText(max: number, controls: 'refuse' | 'remove' = 'refuse') {
  return v.pipe(
    v.string(),
    v.transform((s) =>
      controls === 'remove' ? s.replace(/[\r\n\t\u2028\u2029]+/g, ' ').replace(CONTROLS, '') : s,
    ),
    v.check((s) => !CONTROL.test(s), 'control characters are not allowed'),
    v.check((s) => !UNASSIGNED.test(s.replace(INVISIBLE, '')), 'unassigned characters are not allowed'),
    v.transform((s) => s.replace(INVISIBLE, '').replace(BLANK, ' ').replace(/\s+/gu, ' ').trim()),
    v.check((s) => Array.from(s).length <= max, `at most ${max} characters`),
    v.check(
      (s) => s === '' || VISIBLE.test(s),
      'needs a visible letter, digit, symbol or punctuation character',
    ),
  );
}

const Name = v.pipe(
  typedText(NAME_MAX_CHARS),
  v.check((s) => s.length > 0, 'a name needs a visible character'),
);
/** A seat's name (also a league member's): the stored-text rules, 1 to 40 characters. */
export const SeatNameSchema = Name;
/** A match title's text rules (also a league's name): at most `max` characters. */
export const titleText = (max: number) => typedText(max);
