/**
 * axe-core in the browser tests: injects node_modules/axe-core/axe.min.js into a page (through the
 * DevTools protocol's evaluate, which the page's Content-Security-Policy does not block), runs every
 * rule (none turned off) on the whole document and returns the serious and critical violations, one
 * line each, so a test can expect an empty list and a failure names the rule and the elements.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts a screen must not have. */
export const BLOCKING_IMPACTS = ['serious', 'critical'] as const;

/** One violation as axe reports it (the fields the report uses). */
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/**
 * Runs axe on `page` as it is now; returns `"<rule> (<impact>): <help> — <selectors>"` for each serious
 * or critical violation, [] when there is none. `label` prefixes each line (the screen and the width).
 */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the injected global
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  })) as AxeViolation[];
  return violations
    .filter((v) => (BLOCKING_IMPACTS as readonly string[]).includes(v.impact ?? ''))
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/** The axe violations of `page` at 360 px and at 1280 px wide (height 740/800), then the width is restored. */
export async function axeAtBothWidths(page: Page, screen: string): Promise<string[]> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  const found: string[] = [];
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    // One frame for the layout of the new width (media queries, the docked hand).
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    found.push(...(await axeViolations(page, `${screen} @${viewport.width}`)));
  }
  await page.setViewportSize(size);
  return found;
}
