// Reads the mail the e2e server's catcher writes as .eml files under .wrangler/e2e-<port>/mail:
// tests read the file and follow its link, as a person would.
import type { APIRequestContext } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from './test';

const PORT = Number(process.env.E2E_PORT ?? 8799);
const MAIL_DIR = path.resolve(`.wrangler/e2e-${PORT}/mail`);

/**
 * Waits for the `nth` mail to `to` holding a link that matches `pattern` and returns that link's path,
 * query and hash. Links name the configured origin (APP_ORIGIN), which the e2e server sets to its own address.
 */
export async function mailedLink(to: string, pattern: RegExp, nth = 1): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        let files: string[];
        try {
          files = readdirSync(MAIL_DIR)
            .filter((f) => f.endsWith('.eml'))
            .sort();
        } catch {
          return '';
        }
        const links = files
          .map((f) => readFileSync(path.join(MAIL_DIR, f), 'utf8'))
          .filter((m) => m.includes(`To: ${to}`))
          .map((m) => m.match(pattern)?.[0])
          .filter((l): l is string => Boolean(l));
        link = links[nth - 1] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  const url = new URL(link);
  expect(url.origin).toBe(`http://localhost:${PORT}`);
  return url.pathname + url.search + url.hash;
}

/** The `nth` mailed link to `page` with a token (confirm, reset, undo): its path and query. */
export const linkFromMail = (to: string, page: string, nth = 1): Promise<string> =>
  mailedLink(to, new RegExp(`https?://[^\\s"]+${page}\\?token=[\\w-]+`), nth);

/** Confirms `email` with the token of the link mailed at registration, as the /verify-email page does. */
export async function confirmEmail(request: APIRequestContext, email: string, origin: string): Promise<void> {
  const token = new URLSearchParams((await linkFromMail(email, '/verify-email')).split('?')[1]).get('token');
  const res = await request.post('/api/auth/verify-email', { data: { token }, headers: { Origin: origin } });
  expect(res.ok(), await res.text()).toBe(true);
}
