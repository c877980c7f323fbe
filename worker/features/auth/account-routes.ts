// The account life cycle (DESIGN decisions 13 and 14): confirm an address, reset or change the
// password, change the email, sign out everywhere. Mounted under /api/auth beside sign-in.
import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  changeEmailSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  MESSAGES,
  resetPasswordSchema,
  verifyEmailSchema,
} from '../../../common/validation';
import { eqNocase, orm } from '../../db/client';
import { emailTokens, sessions, users } from '../../db/schema';
import type { AppEnv } from '../../env';
import { getSessionUser, isUniqueViolation, syncRole, takenMessage } from '../../lib/accounts';
import { consumeToken, pendingEmail } from '../../lib/email-tokens';
import { fail } from '../../lib/http';
import { hashPassword } from '../../lib/password';
import { endOtherSessions, endSession } from '../../lib/session-cookie';
import { clientKey, HOUR_MS, hit, MAILS_PER_HOUR } from '../../lib/throttle';
import { jsonBody } from '../../lib/validator';
import { requireUser } from '../../middleware/session';
import { mailEmailChanged, mailPasswordReset, mailVerification, mayMail, requireCurrentPassword, startEmailChange } from './account-mail';

/** Forgot password answers this whether or not the address has an account (decision 14). */
export const FORGOT_PASSWORD_ANSWER = 'If an account uses that address, we have emailed it a link to choose a new password. The link works for 1 hour.';
const VERIFIED = 'Your email address is confirmed';
const PASSWORD_RESET = 'Your password has been changed. Please sign in with the new one.';
const VERIFICATION_SENT = 'We have emailed you a new confirmation link';
const now = () => new Date().toISOString();
/** The first confirmation's time stays (COALESCE: drizzle has no word for it). */
const verifiedNow = () => sql`COALESCE(${users.emailVerifiedAt}, ${now()})`;

export const accountRoutes = new Hono<AppEnv>()
  .post('/verify-email', jsonBody(verifyEmailSchema), async (c) => {
    const db = c.env.DB;
    const used = await consumeToken(db, c.req.valid('json').token, 'verify');
    const [user] = used ? await orm(db).select({ email: users.email, username: users.username }).from(users).where(eq(users.id, used.userId)) : [];
    if (!used || !user) return fail(c, 400, MESSAGES.tokenInvalid);
    if (used.email.toLowerCase() === user.email.toLowerCase()) {
      await orm(db).update(users).set({ emailVerifiedAt: verifiedNow() }).where(eq(users.id, used.userId)).run();
    } else {
      // An email change takes effect here, once the new address is proven; someone may have taken it since.
      if (await takenMessage(db, '', used.email, used.userId)) return fail(c, 409, MESSAGES.emailTaken);
      try {
        await orm(db).update(users).set({ email: used.email, emailVerifiedAt: now() }).where(eq(users.id, used.userId)).run();
      } catch (err) {
        if (isUniqueViolation(err)) return fail(c, 409, MESSAGES.emailTaken);
        throw err;
      }
      await mailEmailChanged(c, { username: user.username, oldEmail: user.email, newEmail: used.email });
    }
    await syncRole(db, c.env, used.userId);
    const signedIn = c.var.user?.id === used.userId ? await getSessionUser(db, used.userId) : null;
    return c.json({ message: VERIFIED, email: used.email, user: signedIn });
  })
  .post('/resend-verification', requireUser, async (c) => {
    const user = c.var.user!;
    const pending = await pendingEmail(c.env.DB, user.id);
    if (user.emailVerified && !pending) return fail(c, 409, MESSAGES.alreadyVerified);
    if (!(await mayMail(c, user.id))) return fail(c, 429, MESSAGES.mailThrottled);
    const to = pending ?? user.email;
    await mailVerification(c, user, to, Boolean(pending));
    return c.json({ message: VERIFICATION_SENT, email: to }, 202);
  })
  .get('/email-status', requireUser, async (c) => {
    const user = c.var.user!;
    return c.json({ email: user.email, emailVerified: user.emailVerified, pendingEmail: await pendingEmail(c.env.DB, user.id) });
  })
  .post('/forgot-password', jsonBody(forgotPasswordSchema), async (c) => {
    const { email } = c.req.valid('json');
    const db = c.env.DB;
    // Per client a plain 429 (it says nothing about any account); per account the answer stays the same.
    if ((await hit(db, `forgot:${clientKey(c)}`, { windowMs: HOUR_MS })) > MAILS_PER_HOUR * 4) return fail(c, 429, MESSAGES.mailThrottled);
    const [user] = await orm(db).select({ id: users.id, username: users.username, email: users.email }).from(users).where(eqNocase(users.email, email)).limit(1);
    if (user && (await mayMail(c, user.id))) await mailPasswordReset(c, user);
    return c.json({ message: FORGOT_PASSWORD_ANSWER }, 202);
  })
  .post('/reset-password', jsonBody(resetPasswordSchema), async (c) => {
    const { token, password } = c.req.valid('json');
    const used = await consumeToken(c.env.DB, token, 'reset');
    const db = orm(c.env.DB);
    const [user] = used ? await db.select({ email: users.email }).from(users).where(eq(users.id, used.userId)) : [];
    // A link mailed to an address the account no longer uses is void.
    if (!used || !user || used.email.toLowerCase() !== user.email.toLowerCase()) return fail(c, 400, MESSAGES.tokenInvalid);
    const hash = await hashPassword(password);
    await db.batch([
      // Following the link proved the mailbox, so the address counts as confirmed too.
      db.update(users).set({ passwordHash: hash, emailVerifiedAt: verifiedNow() }).where(eq(users.id, used.userId)),
      // Every session ends, this browser's included: whoever knew the old password is out.
      db.delete(sessions).where(eq(sessions.userId, used.userId)),
      db.delete(emailTokens).where(and(eq(emailTokens.userId, used.userId), eq(emailTokens.purpose, 'reset'))),
    ]);
    await syncRole(c.env.DB, c.env, used.userId);
    if (c.var.user?.id === used.userId) await endSession(c);
    return c.json({ message: PASSWORD_RESET });
  })
  .post('/change-password', requireUser, jsonBody(changePasswordSchema), async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json');
    const user = c.var.user!;
    if ((await hit(c.env.DB, `password-check:${user.id}`)) > 10) return fail(c, 429, MESSAGES.throttled);
    await requireCurrentPassword(c, currentPassword);
    const passwordHash = await hashPassword(newPassword);
    await orm(c.env.DB).update(users).set({ passwordHash }).where(eq(users.id, user.id)).run();
    await endOtherSessions(c.env.DB, user.id, c.var.sessionHash);
    return c.json({ message: 'Your password has been changed. Your other devices have been signed out.' });
  })
  .post('/change-email', requireUser, jsonBody(changeEmailSchema), async (c) => {
    const { currentPassword, email } = c.req.valid('json');
    const user = c.var.user!;
    if ((await hit(c.env.DB, `password-check:${user.id}`)) > 10) return fail(c, 429, MESSAGES.throttled);
    await requireCurrentPassword(c, currentPassword);
    const pending = await startEmailChange(c, email);
    return c.json({ message: `We have emailed a confirmation link to ${pending}. Your address changes once you open it.`, pendingEmail: pending }, 202);
  })
  .post('/logout-everywhere', requireUser, async (c) => {
    await orm(c.env.DB).delete(sessions).where(eq(sessions.userId, c.var.user!.id)).run();
    await endSession(c);
    return c.json({ ok: true });
  });
