/**
 * One rule source tag such as [NO] or [OLD, FR]: the code as RULES.md writes it, in a small button
 * whose accessible name holds the code and at once which source it is ("Source NO: a Norwegian
 * guide…", so a screen reader never reads "[NO]" as a bare "no") and which shows the same words on
 * a tap. The full legend is the rules panel's
 * (screens/table/RulesPanel.tsx).
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { t } from '../i18n';
import { type SourcePart, sourceParts } from '../lib/sources';

/** The visible text of one part: the code as written, a house rule in the page's language. */
export function sourceLabel(p: SourcePart): string {
  return p.code === 'house' ? t('src.houseShort') : p.text;
}

/**
 * A code as a screen reader should say it: letter by letter ("N O", never the word "no"); a house
 * rule in words.
 */
export function spokenCode(p: SourcePart): string {
  return p.code === 'house' ? sourceLabel(p) : p.text.replace(/^[A-Z0-9]+/, (c) => c.split('').join(' '));
}

/** A source tag (`tag` as written in the data, e.g. `"[NO, FR]"`), explained; nothing for an unknown tag. */
export function SourceTag({ tag }: { tag: string }): JSX.Element | null {
  const open = useSignal(false);
  const parts = sourceParts(tag);
  if (!parts.length) return null;
  const words = parts.map((p) => t(`src.${p.code}`));
  // The accessible name holds the visible codes in one piece (WCAG 2.5.3, label in name), followed at
  // once by the sources in words: "[NO]" is heard as "Source NO: a Norwegian guide…", never a bare "no".
  const codes = parts.map(sourceLabel).join(', ');
  const name = `${codes}: ${words.join('; ')}`;
  return (
    <span class="src-tag">
      <button
        type="button"
        class="src"
        aria-expanded={open.value}
        aria-label={t('src.name', { list: name })}
        onClick={() => (open.value = !open.value)}
      >
        [{codes}]
      </button>
      {open.value && <span class="src-note">{words.join('; ')}</span>}
    </span>
  );
}
