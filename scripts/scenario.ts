/**
 * CLI: `npm run scenario -- FILE_OR_DIR [FILE_OR_DIR ...]` runs rule scenarios (shared/SCENARIOS.md),
 * prints `PASS name` or `FAIL name — reason` per scenario, then `N passed, M failed`, and exits 1 if any
 * failed (or nothing was found).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runScenarioText } from './scenario/runner';

function collect(path: string, out: string[]): void {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(path);
  } catch {
    out.push(path);
    return;
  }
  if (st.isDirectory()) {
    for (const entry of readdirSync(path).sort()) {
      const full = join(path, entry);
      if (statSync(full).isDirectory() || entry.endsWith('.json')) collect(full, out);
    }
  } else {
    out.push(path);
  }
}

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error('usage: npm run scenario -- FILE_OR_DIR [FILE_OR_DIR ...]');
  process.exit(2);
}
const files: string[] = [];
for (const a of args) collect(a, files);
let passed = 0;
let failed = 0;
for (const file of files) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    failed++;
    console.log(`FAIL ${file} — cannot read: ${(e as Error).message}`);
    continue;
  }
  const outcome = runScenarioText(text, file);
  if (outcome.passed) {
    passed++;
    console.log(`PASS ${outcome.name}`);
  } else {
    failed++;
    console.log(`FAIL ${outcome.name} — ${outcome.message}`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
