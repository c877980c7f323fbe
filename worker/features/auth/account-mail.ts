// The account mails (verify an address, reset a password) and the email-change step they share.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { MESSAGES } from '../../../common/validation';
import { orm } from '../../db/client';
import { users } from '../../db/schema';
import { appOrigin, type AppEnv } from '../../env';
import { takenMessage } from '../../lib/accounts';
import { issueToken } from '../../lib/email-tokens';
import { HttpError } from '../../lib/http';
import { emailChangedMail, resetPasswordMail, sendMail, tokenLink, verifyEmailMail, type MailMessage } from '../../lib/mail';
import { DUMMY_HASH, verifyPassword } from '../../lib/password';
import { endOtherSessions } from '../../lib/session-cookie';
import { HOUR_MS, hit, MAILS_PER_HOUR } from '../../lib/throttle';

const origin = (c: Context<AppEnv>) => appOrigin(c.env);

/**
 * Sends after the response when the runtime allows (so how long the API takes reveals nothing about
 * whether an account exists), otherwise before it.
 */
export async function deliver(c: Context<AppEnv>, message: MailMessage): Promise<void> {
  const sending = sendMail(c.env, message);
  try {
    c.executionCtx.waitUntil(sending);
  } catch {
    await sending;
  }
}

/** True when this account may be sent another mail this hour (counted per account). */
export const mayMail = async (c: Context<AppEnv>, userId: number) =>
  (await hit(c.env.DB, `mail:${userId}`, { windowMs: HOUR_MS })) <= MAILS_PER_HOUR;

/** Mails a link that confirms `email` for the account (registration, email change, resend). */
export async function mailVerification(c: Context<AppEnv>, user: { id: number; username: string }, email: string, change = false) {
  const token = await issueToken(c.env.DB, user.id, 'verify', email);
  await deliver(c, verifyEmailMail({ to: email, username: user.username, link: tokenLink(origin(c), '/verify-email', token), change }));
}

export async function mailPasswordReset(c: Context<AppEnv>, user: { id: number; username: string; email: string }) {
  const token = await issueToken(c.env.DB, user.id, 'reset', user.email);
  await deliver(c, resetPasswordMail({ to: user.email, username: user.username, link: tokenLink(origin(c), '/reset-password', token) }));
}

/** Tells the address an account just left that it changed (so a stolen account does not go unnoticed). */
export const mailEmailChanged = (c: Context<AppEnv>, o: { username: string; oldEmail: string; newEmail: string }) =>
  deliver(c, emailChangedMail({ to: o.oldEmail, username: o.username, newEmail: o.newEmail }));

/** Checks the signed-in user's current password; a wrong one is a 400 with its own message. */
export async function requireCurrentPassword(c: Context<AppEnv>, password: string): Promise<void> {
  const [row] = await orm(c.env.DB).select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, c.var.user!.id));
  // Hashed even without a password (Google-only accounts) so the answer takes as long either way.
  const ok = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
  if (!ok || !row?.passwordHash) throw new HttpError(400, MESSAGES.currentPassword);
}

/**
 * DESIGN decision 14: an email change needs the current password (checked by the caller) and
 * counts only once the new address is confirmed from the mail sent to it; the account's other
 * sessions end now. Returns the address waiting for confirmation.
 */
export async function startEmailChange(c: Context<AppEnv>, email: string): Promise<string> {
  const user = c.var.user!;
  if (email.toLowerCase() === user.email.toLowerCase()) throw new HttpError(400, MESSAGES.sameEmail);
  const taken = await takenMessage(c.env.DB, '', email, user.id);
  if (taken) throw new HttpError(409, MESSAGES.emailTaken);
  if (!(await mayMail(c, user.id))) throw new HttpError(429, MESSAGES.mailThrottled);
  await endOtherSessions(c.env.DB, user.id, c.var.sessionHash);
  await mailVerification(c, user, email, true);
  return email;
}
