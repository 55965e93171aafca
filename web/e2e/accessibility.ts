/** Accessibility checks for the browser tests: axe-core's WCAG 2.2 A and AA rules, run in the page. */
import { expect } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

// Evaluated rather than added as a script tag: the app's CSP admits no inline script, and tests run under it.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Violation {
  rule: string;
  impact: string;
  help: string;
  /** How many elements are at fault. */
  count: number;
  /** The first five of them, as axe's selectors with the start of their HTML and what is wrong. */
  nodes: string[];
}

/** The serious and critical violations axe finds in the page as it is now (open dialogs included). */
async function seriousViolations(page: Page): Promise<Violation[]> {
  // axe judges the colours as they are now, and a dialog still fading in shows its text on a paler background: the
  // animations that end (a dialog's, a menu's) are let end first; endless ones (a spinner's) are not waited for.
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_AA }, resultTypes: ['violations'] };
  const results = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(
        document,
        runOptions,
      ),
    options,
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      count: violation.nodes.length,
      nodes: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')}: ${node.html.slice(0, 120)} ${node.failureSummary ?? ''}`),
    }));
}

/** Fails when axe finds a serious or critical WCAG 2.2 AA violation in the page; `what` names the screen. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  expect({ screen: what, violations: await seriousViolations(page) }).toEqual({ screen: what, violations: [] });
}
