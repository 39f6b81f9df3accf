/**
 * Rematch by consent in tests: every given player says yes in turn, so the tests
 * that need a dealt rematch get one as players would (the first offers, the others accept).
 */
import { expect } from 'vitest';
import { api } from './helpers';

/**
 * The first token presses "Play again" on match `id`, the others accept; every reply before the
 * last is 202 (the offer waits for the others). Returns the last reply (201 when it dealt).
 */
export async function agreeRematch(id: string, tokens: readonly string[]): ReturnType<typeof api> {
  let last: Awaited<ReturnType<typeof api>> | null = null;
  for (const [i, token] of tokens.entries()) {
    if (last) expect(last.status).toBe(202);
    last = await api(`/api/matches/${id}/rematch`, { token, body: i === 0 ? {} : { answer: 'accept' } });
  }
  return last!;
}
