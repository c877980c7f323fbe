// Reads what the worker mailed, from the mail catcher (scripts/mail-catcher.mjs) the tests run.
import { env } from 'cloudflare:workers';

export interface CaughtMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Messages to `to` so far, oldest first. */
export async function mailsTo(to: string): Promise<CaughtMail[]> {
  const res = await fetch(`${env.MAIL_API_URL}/emails?${new URLSearchParams({ to })}`);
  return ((await res.json()) as { data: CaughtMail[] }).data.filter((m) =>
    m.to.some((t) => t.toLowerCase() === to.toLowerCase()),
  );
}

/** Waits (mail may go out after the response) for the `count`-th message to `to` and returns it. */
export async function nthMailTo(to: string, count = 1, timeoutMs = 5_000): Promise<CaughtMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(to);
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > until) throw new Error(`no mail #${count} to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The latest message to `to`, waiting for one when there is none yet. */
export const lastMailTo = async (to: string) => nthMailTo(to, Math.max(1, (await mailsTo(to)).length));

/** The token of the first link to `path` in a message's text part. */
export function tokenIn(mail: CaughtMail, path: '/verify-email' | '/reset-password'): string {
  const link = mail.text.match(new RegExp(`https?://[^\\s]+${path}\\?token=([\\w-]+)`));
  if (!link) throw new Error(`no ${path} link in: ${mail.text}`);
  return link[1]!;
}
