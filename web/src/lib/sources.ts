/**
 * The rule source tags of RULES.md ("[H16]", "[NO, FR]", "[H16 variant]", "(house rule)") split into
 * the sources they name, so that every tag can be explained in words (components/SourceTag) and the
 * rules panel can list the legend. The tags themselves are data: PRESETS[…].source and lib/options.ts.
 */

/** The sources a tag may name: the four of RULES.md's tag table, the extension's origin, this site. */
export const SOURCE_CODES = ['H16', 'OLD', 'NO', 'FR', 'PB', 'house'] as const;
/** One source. */
export type SourceCode = (typeof SOURCE_CODES)[number];

/** One part of a tag: its source and its text as written (e.g. `H16 variant`; `house` for a house rule). */
export interface SourcePart {
  code: SourceCode;
  text: string;
}

/**
 * The parts of a tag, e.g. `"[OLD, NO, FR]"` → OLD, NO, FR; `"[Parker Brothers, FR \"allonge\"]"` →
 * PB, FR; `"(house rule)"` → house. A part naming no known source is left out.
 */
export function sourceParts(tag: string): SourcePart[] {
  const inner = tag.trim().replace(/^[[(]|[\])]$/g, '');
  const parts: SourcePart[] = [];
  for (const raw of inner.split(',')) {
    const text = raw.trim();
    const first = text.split(' ')[0];
    const code: SourceCode | undefined = (SOURCE_CODES as readonly string[]).includes(first)
      ? (first as SourceCode)
      : first === 'Parker'
        ? 'PB'
        : text.startsWith('house')
          ? 'house'
          : undefined;
    if (code) parts.push({ code, text: code === 'house' ? 'house' : text });
  }
  return parts;
}
