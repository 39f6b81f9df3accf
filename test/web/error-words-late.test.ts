/**
 * A refusal whose code has words never reads as the generic sentence because the error words'
 * chunk came late: words kept as text (a form's error line) come from `errorWords`, which waits for
 * the chunk, and no screen stores `errorText(…)` in a signal (what it says before the chunk loads
 * would stay).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { errorText, errorWords } from '../../web/src/lib/words';

const ROOT = join(__dirname, '../..');

/** `file:line` of every `x.value = … errorText(` in `web/src` (a stored sentence). */
function storedErrorTexts(): string[] {
  const out: string[] = [];
  for (const f of readdirSync(join(ROOT, 'web/src'), { recursive: true }).map(String)) {
    if (!/\.tsx?$/.test(f)) continue;
    readFileSync(join(ROOT, 'web/src', f), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/\.value\s*=.*\berrorText\(/.test(line)) out.push(`${f}:${i + 1}`);
      });
  }
  return out;
}

describe('error words that came late', () => {
  it('errorWords waits for the chunk: joining your own open match reads as such', async () => {
    useCatalogForTests('en', en);
    expect(await errorWords({ code: 'open.own_match', message: 'You created this match.' })).toBe(
      'You created this match, so you already have a seat in it.',
    );
  });

  it('no screen keeps errorText(…) as text', () => {
    expect(storedErrorTexts()).toEqual([]);
  });
});

describe('a network failure in words', () => {
  it('asks for another try after a one-off action, and says the page keeps trying only where it does', () => {
    useCatalogForTests('en', en);
    const down = { code: 'network', message: 'fetch failed' };
    expect(errorText(down)).toBe(en['error.networkOnce']);
    expect(errorText(down, { retrying: true })).toBe(en['error.network']);
    expect(en['error.networkOnce']).not.toMatch(/keeps trying/);
  });
});
