import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails on serious and critical axe findings and on a broken heading outline (which Lighthouse also
 * scores), listing "rule: help (selectors)" so a failure says where.
 */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  // A server-rendered form is inactive (a disabled fieldset) until the app runs (decisions 0016 and
  // 0017). Inactive controls have no contrast requirement, but axe does not see a control as disabled
  // through its fieldset: the page is scanned as it is used, once its forms are ready.
  await expect(page.locator('fieldset:disabled')).toHaveCount(0);
  // Colours are judged as they settle: a control that has just become enabled fades in over 150 ms,
  // and a scan in the middle of that fade measured a half-transparent button (a fresh-clone failure).
  const settled = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const { violations } = await new AxeBuilder({ page })
    .analyze()
    .finally(() => settled.evaluate((style) => (style as Element).remove()).catch(() => undefined));
  const problems = violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order',
  );
  expect(
    problems.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')})`,
    ),
    'serious or critical accessibility violations',
  ).toEqual([]);
}
