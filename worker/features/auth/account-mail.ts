// The account mails (verify an address, reset a password, undo an email change, address in use) and
// the email-change step they share.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { MESSAGES } from '#common/validation.ts';
import { eqNocase, orm } from '#worker/db/client.ts';
import { users } from '#worker/db/schema.ts';
import { appOrigin, type AppEnv } from '#worker/env.ts';
import { takenMessage } from '#worker/lib/accounts.ts';
import { afterAnswer } from '#worker/lib/after-answer.ts';
import { issueToken } from '#worker/lib/email-tokens.ts';
import { HttpError } from '#worker/lib/http.ts';
import {
  addressInUseMail,
  emailChangedMail,
  resetPasswordMail,
  sendMail,
  tokenCreatedMail,
  tokenLink,
  verifyEmailMail,
  type MailMessage,
} from '#worker/lib/mail.ts';
import { DUMMY_HASH, verifyPassword } from '#worker/lib/password.ts';
import { endOtherSessions } from '#worker/lib/session-cookie.ts';
import { log } from '#worker/lib/log.ts';
import {
  CLIENT_MAILS_PER_HOUR,
  clientKey,
  HOUR_MS,
  hit,
  MAILS_PER_HOUR,
  PROFILE_CHECKS_PER_WINDOW,
  retryAfter,
} from '#worker/lib/throttle.ts';

const origin = (c: Context<AppEnv>) => appOrigin(c.env);

/**
 * Sends after the response when the runtime allows (so how long the API takes reveals nothing about
 * whether an account exists), otherwise before it.
 */
export async function deliver(c: Context<AppEnv>, message: MailMessage): Promise<void> {
  await afterAnswer(c, sendMail(c.env, message));
}

/**
 * True when this account may be sent another mail this hour. Counted per (account, requesting
 * client) and per client, so strangers asking for the owner's mails use up their own budget, never
 * the owner's (docs/decisions/0024).
 */
export async function mayMail(c: Context<AppEnv>, userId: number): Promise<boolean> {
  const client = clientKey(c);
  const [pair, total] = await Promise.all([
    hit(c.env.DB, `mail:${userId}|${client}`, { windowMs: HOUR_MS }),
    hit(c.env.DB, `mail-client:${client}`, { windowMs: HOUR_MS }),
  ]);
  return pair <= MAILS_PER_HOUR && total <= CLIENT_MAILS_PER_HOUR;
}

/**
 * Runs work whose duration must not show in the answer (a look-up that differs by whether an account
 * exists) after the response when the runtime allows, otherwise before it. Failures are logged.
 */
export async function deliverLater(c: Context<AppEnv>, work: () => Promise<void>): Promise<void> {
  const running = work().catch((error: unknown) =>
    log('error', 'background account mail failed', { requestId: c.var.requestId, error }),
  );
  await afterAnswer(c, running);
}

/**
 * Mails a link that confirms `email` for the account (registration, email change, resend); from a
 * registration, the link carries the page that asked (`next`) for the confirmation page to continue to. When
 * another account has already confirmed that address, its owner is told someone tried to use it
 * instead, and the asker is answered the same way, in the same time: the token is issued either way
 * (Settings shows the address as waiting) and the look-up runs after the answer (docs/decisions/0024).
 */
export async function mailVerification(
  c: Context<AppEnv>,
  user: { id: number; username: string },
  email: string,
  change = false,
  /** Where the confirmation page continues to: the page that asked for the account. */
  next?: string | null,
) {
  const token = await issueToken(c.env.DB, user.id, 'verify', email);
  await deliverLater(c, async () => {
    if (await takenMessage(c.env.DB, '', email, user.id)) await mailAddressInUse(c, email);
    else
      await deliver(
        c,
        verifyEmailMail({
          to: email,
          username: user.username,
          link: tokenLink(origin(c), '/verify-email', token, next),
          change,
        }),
      );
  });
}

export async function mailPasswordReset(c: Context<AppEnv>, user: { id: number; username: string; email: string }) {
  const token = await issueToken(c.env.DB, user.id, 'reset', user.email);
  await deliver(
    c,
    resetPasswordMail({
      to: user.email,
      username: user.username,
      link: tokenLink(origin(c), '/reset-password', token),
    }),
  );
}

/**
 * Tells the address an account just left that it changed, with a link (7 days) that undoes it: a
 * stolen account is noticed and taken back from the old mailbox (docs/decisions/0024).
 */
export async function mailEmailChanged(
  c: Context<AppEnv>,
  o: { id: number; username: string; oldEmail: string; newEmail: string },
) {
  const token = await issueToken(c.env.DB, o.id, 'undo', o.oldEmail);
  await deliver(
    c,
    emailChangedMail({
      to: o.oldEmail,
      username: o.username,
      newEmail: o.newEmail,
      undoLink: tokenLink(origin(c), '/undo-email-change', token),
    }),
  );
}

/** Tells the owner a personal API token was made (docs/decisions/0038); never throttled: it is the alarm. */
export async function mailTokenCreated(
  c: Context<AppEnv>,
  user: { username: string; email: string },
  token: { name: string; scopes: string[] },
) {
  const settingsLink = `${origin(c)}/settings#where-you-are-signed-in`;
  await deliver(
    c,
    tokenCreatedMail({
      to: user.email,
      username: user.username,
      tokenName: token.name,
      scopes: token.scopes,
      settingsLink,
    }),
  );
}

/** Tells an address's owner (the account that confirmed it) that someone else asked to use it; the asker is told nothing. */
async function mailAddressInUse(c: Context<AppEnv>, email: string) {
  const [owner] = await orm(c.env.DB)
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(and(eqNocase(users.email, email), isNotNull(users.emailVerifiedAt)))
    .limit(1);
  if (!owner || !(await mayMail(c, owner.id))) return;
  await deliver(
    c,
    addressInUseMail({ to: owner.email, username: owner.username, resetLink: `${origin(c)}/reset-password` }),
  );
}

/** Checks the signed-in user's current password; a wrong one is a 400 with its own message. */
export async function requireCurrentPassword(c: Context<AppEnv>, password: string): Promise<void> {
  const [row] = await orm(c.env.DB)
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, c.var.user!.id));
  // Hashed even without a password (Google-only accounts) so the answer takes as long either way.
  const ok = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
  if (!ok || !row?.passwordHash) throw new HttpError(400, MESSAGES.currentPassword);
}

/**
 * docs/product.md#accounts: an email change needs the current password (checked by the caller) and
 * counts only once the new address is confirmed from the mail sent to it; the account's other
 * sessions end now. An address another account has confirmed is answered the same way, in the same time
 * (mailVerification: a token nobody receives is issued, so Settings shows the change it asked for), and its owner is
 * mailed instead: the answer never tells whether an address has an account (docs/decisions/0024).
 * Returns the address waiting for confirmation.
 */
export async function startEmailChange(c: Context<AppEnv>, email: string): Promise<string> {
  const user = c.var.user!;
  if (email.toLowerCase() === user.email.toLowerCase()) throw new HttpError(400, MESSAGES.sameEmail);
  if (!(await mayMail(c, user.id))) {
    // Kept on the context: the error handler's answer carries it (every 429 does: docs/decisions/0040).
    c.header('Retry-After', retryAfter(HOUR_MS));
    throw new HttpError(429, MESSAGES.mailThrottled);
  }
  await endOtherSessions(c.env.DB, user.id, c.var.sessionHash).run();
  await mailVerification(c, user, email, true);
  return email;
}

/**
 * Password checks of the signed-in account (email change, profile) are limited per account and per
 * client, so neither a stolen session nor a script can use them to test passwords or addresses.
 */
export async function overProfileChecks(c: Context<AppEnv>): Promise<boolean> {
  const [account, client] = await Promise.all([
    hit(c.env.DB, `password-check:${c.var.user!.id}`),
    hit(c.env.DB, `profile-check:${clientKey(c)}`),
  ]);
  return account > 10 || client > PROFILE_CHECKS_PER_WINDOW;
}
