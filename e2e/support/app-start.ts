import { expect, type Page } from '@playwright/test';

/**
 * A server-rendered page starts the app only when the person does something that needs it
 * (docs/decisions/0031). This touches the page the way a reader does before using it (a press on
 * its heading, which is no link), then waits until the app has taken the page over.
 */
export async function startTheApp(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().click();
  await expect(page.locator('html[data-app="running"]')).toHaveCount(1);
}

/** The app's own code: the module the entry script imports when the app starts. */
export const APP_CHUNK = /\/assets\/app-[\w-]{8}\.js$/;

/** Whether the app has started on this page. */
export const appRunning = (page: Page) => page.evaluate(() => document.documentElement.dataset.app === 'running');
