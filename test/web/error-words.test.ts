/**
 * Errors in words: every error code the server can send back to the page (the
 * engine's refusals of a move, `ERROR_CODES`, and the routes', `ROUTE_ERROR_CODES`) has a sentence in
 * every language; the routes' list holds every code that worker/routes and worker/match answer with;
 * the page never shows the server's English `message`; and when the error words could not load, an
 * error still reads in the player's language.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { fr } from '../../web/src/i18n/fr';
import { ERROR_WORDS } from '../../web/src/lib/error-words/index';
import { errorText, loadErrorWords } from '../../web/src/lib/words';
import { PRACTICE_ERROR_CODES } from '../../web/src/practice/protocol';
import { ERROR_CODES } from '../../worker/engine/types';
import { ROUTE_ERROR_CODES } from '../../worker/protocol/codes';

// With the practice mode's own codes: its Web Worker answers the page as a server does.
const SERVER_CODES = [...ERROR_CODES, ...ROUTE_ERROR_CODES, ...PRACTICE_ERROR_CODES];
const ROOT = join(__dirname, '../..');

/** Every TypeScript file under `dir` (relative to the repository). */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(join(ROOT, dir, f), 'utf8'));
}

/** The codes in `error(409, 'code', …)`, `fail(c, 404, 'code', …)` and `code: 'code'` of the sources. */
function answeredCodes(texts: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(/\b(?:error|fail)\(\s*(?:c,\s*)?\d{3},\s*'([^']+)'/g)) out.add(m[1]);
    for (const m of text.matchAll(/\bcode: '([a-zA-Z]+(?:\.[a-z_]+)?)'/g)) out.add(m[1]);
  }
  return out;
}

describe('error words', () => {
  it('when the words could not load, an error still reads in the player’s language', async () => {
    useCatalogForTests('fr', fr);
    await loadErrorWords(() => Promise.reject(new Error('offline')));
    expect(errorText({ code: 'hazard.target_protected', message: 'SERVER ENGLISH' })).toBe(
      fr['error.generic'],
    );
    // The main catalog's words for a common refusal are there without the chunk.
    expect(errorText({ code: 'seat.last_human', message: 'SERVER ENGLISH' })).toBe(fr['error.lastHuman']);
  });

  it('every server code has a sentence in every language, without placeholders', () => {
    expect(Object.keys(ERROR_WORDS).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) {
      const words: Record<string, string> = ERROR_WORDS[lang];
      expect(Object.keys(words).sort(), lang).toEqual([...new Set(SERVER_CODES)].sort());
      for (const code of SERVER_CODES) {
        expect(words[code].trim().length, `${lang} ${code}`).toBeGreaterThan(8);
        expect(words[code], `${lang} ${code}`).not.toMatch(/[{}]/);
      }
    }
  });

  it('the routes’ list holds every code worker/routes and worker/match answer with', () => {
    const answered = answeredCodes([
      ...sources('worker/routes'),
      ...sources('worker/match'),
      ...sources('worker/league'),
      readFileSync(join(ROOT, 'worker/index.ts'), 'utf8'),
      readFileSync(join(ROOT, 'worker/reply.ts'), 'utf8'),
    ]);
    expect(answered.size).toBeGreaterThan(30);
    const listed = new Set<string>(ROUTE_ERROR_CODES);
    expect([...answered].filter((code) => !listed.has(code))).toEqual([]);
  });

  it('shows every server code in the player’s words, never the server’s message', async () => {
    await loadErrorWords();
    for (const [lang, catalog] of [
      ['en', en],
      ['fr', fr],
    ] as const) {
      useCatalogForTests(lang, catalog);
      for (const code of SERVER_CODES) {
        const text = errorText({ code, message: 'SERVER ENGLISH MESSAGE' });
        expect(text, code).toBe(ERROR_WORDS[lang][code]);
        expect(text).not.toContain('SERVER ENGLISH');
      }
    }
    // A code the page does not know reads the short generic words, not the message.
    expect(errorText({ code: 'http.502', message: 'Bad Gateway' })).toBe(fr['error.generic']);
  });
});
