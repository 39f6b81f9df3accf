/**
 * Where the rows go (`npm run bench:server`): the rows written per statement that the match and
 * address objects report with the test seams (`rowsByStatement`), summed over a configuration's
 * matches and printed per human decision by table and by cause (the statement, shortened), with
 * the `setAlarm` calls as their own cause. Index entries count in the statement that wrote them; a
 * statement prefixed `[address] ` was an address object's.
 */

/** Rows written per statement (whitespace collapsed), as the objects report them. */
export type RowsByStatement = Record<string, number>;

/** Adds `more` (scaled by `times`) into `into`. */
export function addRows(into: RowsByStatement, more: RowsByStatement | undefined, times = 1): void {
  for (const [q, n] of Object.entries(more ?? {})) into[q] = (into[q] ?? 0) + n * times;
}

/** The table a statement writes (`schema` for CREATE and ALTER), or `?`. */
export function tableOf(statement: string): string {
  const object = /^\[(\w+)\] /.exec(statement);
  if (object) return `${object[1]}:${tableOf(statement.slice(object[0].length))}`;
  if (/^(CREATE|ALTER)\b/i.test(statement)) return 'schema';
  const m = /^(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|UPDATE|DELETE\s+FROM|REPLACE\s+INTO)\s+(\w+)/i.exec(statement);
  return m ? m[1] : '?';
}

/** A statement as a cause: its first words (up to `width` characters). */
function causeOf(statement: string, width = 110): string {
  return statement.length <= width ? statement : `${statement.slice(0, width - 1)}…`;
}

/**
 * The lines of the breakdown: rows per human decision (`decisions` in all) by table and by cause,
 * causes with less than `floor` rows per decision left out (their sum printed).
 */
export function breakdownLines(
  rows: RowsByStatement,
  alarms: Record<string, number>,
  decisions: number,
  floor = 0.005,
): string[] {
  const per = (n: number) => (n / decisions).toFixed(3);
  const byTable: Record<string, number> = {};
  for (const [q, n] of Object.entries(rows)) byTable[tableOf(q)] = (byTable[tableOf(q)] ?? 0) + n;
  for (const [who, n] of Object.entries(alarms)) if (n > 0) byTable[`setAlarm (${who})`] = n;
  const sorted = (r: Record<string, number>) => Object.entries(r).sort((a, b) => b[1] - a[1]);
  const lines = [
    `  rows per human decision by table: ${sorted(byTable)
      .map(([t, n]) => `${t} ${per(n)}`)
      .join(', ')}`,
    '  by cause:',
  ];
  let rest = 0;
  const causes = [
    ...Object.entries(rows),
    ...Object.entries(alarms)
      .filter(([, n]) => n > 0)
      .map(([who, n]): [string, number] => [`setAlarm (${who})`, n]),
  ].sort((a, b) => b[1] - a[1]);
  for (const [q, n] of causes) {
    if (n / decisions < floor) rest += n;
    else lines.push(`    ${per(n)}  ${causeOf(q)}`);
  }
  if (rest > 0) lines.push(`    ${per(rest)}  (other statements, each under ${floor} per decision)`);
  return lines;
}
