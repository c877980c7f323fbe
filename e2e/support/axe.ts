import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails on serious and critical axe findings and on a broken heading outline (which Lighthouse also
 * scores), listing "rule: help (selectors)" so a failure says where.
 */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const problems = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order');
  expect(
    problems.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')})`),
    'serious or critical accessibility violations',
  ).toEqual([]);
}
