import { test as base, expect } from '@playwright/test';

/**
 * Playwright's test with one addition: a test fails if the page logs a console error, throws, or
 * React warns about hydration. A test that provokes an error on purpose (an HTTP 404 the browser
 * logs) names the messages it expects with `test.use({ allowedConsoleErrors: [/a|b/] })`: one pattern,
 * since Playwright reads a two-element array as a value and its fixture options.
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[]; consoleErrors: string[] }>({
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      const record = (text: string) => {
        if (!allowedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      };
      page.on('console', (msg) => {
        if (msg.type() === 'error' || /hydrat/i.test(msg.text())) record(`${msg.type()}: ${msg.text()}`);
      });
      page.on('pageerror', (error) => record(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors, uncaught exceptions or hydration warnings').toEqual([]);
    },
    { auto: true },
  ],
});

// Everything else of Playwright's, so a spec imports from one place.
export * from '@playwright/test';
export { expect };
