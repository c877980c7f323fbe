import { expect, type Page } from '@playwright/test';

/**
 * A new account, signed in on `page` through the API (its address not confirmed yet, so the
 * confirm-email banner shows; 100 free credits). `prefix` starts its username, which is unique.
 */
export async function registerOn(page: Page, baseURL: string | undefined, prefix: string): Promise<string> {
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const res = await page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'secret-pass', isInternalLogin: false },
    headers: { Origin: baseURL ?? '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return username;
}
