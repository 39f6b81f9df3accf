/**
 * The team of a seat, one rule the engine, the bots, the words and the page all read: teams sit
 * alternately (RULES.md §2), so it is a plain function of the seat and the number of teams, kept
 * here because the page may import values only from worker/shared and worker/words.
 */

/**
 * The team index of `seat` (0-based) in a match whose `teams` lists each team's seats (individual
 * play: one seat each): seat s plays for team s mod the number of teams. A team index given as
 * `seat` maps to itself. RULES.md §2.
 */
export function teamOf(table: { readonly teams: readonly unknown[] }, seat: number): number {
  return seat % table.teams.length;
}
