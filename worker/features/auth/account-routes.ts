// The account life cycle (docs/decisions/0032 and docs/product.md#accounts): confirm an address, reset or change the
// password, change the email, sign out everywhere. Mounted under /api/auth beside sign-in.
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  changeEmailSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  MESSAGES,
  resetPasswordSchema,
  undoEmailChangeSchema,
  verifyEmailSchema,
} from '#common/validation.ts';
import { eqNocase, orm } from '#worker/db/client.ts';
import { users } from '#worker/db/schema.ts';
import type { AppEnv } from '#worker/env.ts';
import { CONFIRMED_FIRST, getSessionUser, isUniqueViolation, syncRole, takenMessage } from '#worker/lib/accounts.ts';
import { cancelEmailChange, consumeToken, findToken, pendingEmail } from '#worker/lib/email-tokens.ts';
import { endEveryCredential, endEveryGrant } from '#worker/lib/recovery.ts';
import { errorBody, fail } from '#worker/lib/http.ts';
import { hashPassword } from '#worker/lib/password.ts';
import { endSession, startSession } from '#worker/lib/session-cookie.ts';
import { CLIENT_MAILS_PER_HOUR, clientKey, HOUR_MS, hit, tooMany } from '#worker/lib/throttle.ts';
import * as v from 'valibot';
import {
  messageSchema,
  needsPasswordSchema,
  okSchema,
  sessionUserSchema,
  signedInSessionSchema,
} from '#common/api-schemas.ts';
import { error, json, pathParam, route, throttled } from '#worker/lib/openapi.ts';
import { jsonBody } from '#worker/lib/validator.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { endSessionById, listSessions, SESSION_ID_PATTERN } from './sessions';
import {
  deliverLater,
  overProfileChecks,
  mailEmailChanged,
  mailPasswordReset,
  mailVerification,
  mayMail,
  requireCurrentPassword,
  startEmailChange,
} from './account-mail';

/** Forgot password answers this whether or not the address has an account (docs/product.md#accounts). */
export const FORGOT_PASSWORD_ANSWER =
  'If an account uses that address, we have emailed it a link to choose a new password. The link works for 1 hour.';
const VERIFIED = 'Your email address is confirmed';
const PASSWORD_RESET = 'Your password has been changed. Please sign in with the new one.';
const VERIFICATION_SENT = 'We have emailed you a new confirmation link';
const VERIFIED_WITH_PASSWORD =
  'Your email address is confirmed and your new password is set. Every other device has been signed out.';
const EMAIL_RESTORED =
  'Your email address is restored and your new password is set. Every other device has been signed out.';
const PASSWORD_CHANGED =
  'Your password has been changed. Your other devices, API tokens and connected apps have been signed out.';
const SESSION_NOT_FOUND = 'That device is already signed out';
const CHANGE_CANCELLED = 'The email change is cancelled. Your address stays as it is.';
const now = () => new Date().toISOString();
/** The first confirmation's time stays (COALESCE: drizzle has no word for it). */
const verifiedNow = () => sql`COALESCE(${users.emailVerifiedAt}, ${now()})`;
/** Another account has confirmed this address. */
const confirmedElsewhere = (userId: number, email: string) =>
  sql`EXISTS (SELECT 1 FROM users other WHERE other.id <> ${userId} AND other.email = ${email} COLLATE NOCASE AND other.email_verified_at IS NOT NULL)`;

/** What confirming or restoring an address answers. */
const confirmedSchema = v.object({ message: v.string(), email: v.string(), user: v.nullable(sessionUserSchema) });

export const accountRoutes = new Hono<AppEnv>()
  /**
   * Whoever proves the mailbox holds the account afterwards (docs/decisions/0024): a link counts in
   * a session of its account, or together with a new password that ends every other session (as a
   * reset does), so a password chosen by someone who never saw the mail gains nothing from it.
   */
  .post(
    '/verify-email',
    route({
      tag: 'account',
      summary: 'Confirm an email address with the mailed link’s token',
      description: 'In a session of the account, or with a new password (which signs out every other device).',
      access: 'anyone',
      personal: true,
      responses: {
        200: json(confirmedSchema, 'Confirmed'),
        400: error(MESSAGES.tokenInvalid),
        403: json(needsPasswordSchema, MESSAGES.confirmNeedsOwner),
        409: error(MESSAGES.emailTaken),
      },
    }),
    jsonBody(verifyEmailSchema),
    async (c) => {
      const db = c.env.DB;
      const { token, password } = c.req.valid('json');
      const found = await findToken(db, token, 'verify');
      if (!found) return fail(c, 400, MESSAGES.tokenInvalid);
      const own = c.var.user?.id === found.userId;
      // The link is left unused: the owner signs in, or chooses a password, and opens it again.
      if (!own && !password) return c.json({ ...errorBody(MESSAGES.confirmNeedsOwner), needsPassword: true }, 403);
      const used = await consumeToken(db, token, 'verify');
      const [user] = used
        ? await orm(db)
            .select({ email: users.email, username: users.username })
            .from(users)
            .where(eq(users.id, used.userId))
        : [];
      if (!used || !user) return fail(c, 400, MESSAGES.tokenInvalid);
      const changes = used.email.toLowerCase() !== user.email.toLowerCase();
      // An email change takes effect here, once the new address is proven; someone may have taken it since.
      if (changes && (await takenMessage(db, '', used.email, used.userId))) return fail(c, 409, MESSAGES.emailTaken);
      const d = orm(db);
      const confirm = changes ? { email: used.email, emailVerifiedAt: now() } : { emailVerifiedAt: verifiedNow() };
      try {
        if (own) await d.update(users).set(confirm).where(eq(users.id, used.userId)).run();
        else {
          // The reset flow: the new password and the address together, every session and pending link gone.
          const passwordHash = await hashPassword(password!);
          await d.batch([
            d
              .update(users)
              .set({ ...confirm, passwordHash })
              .where(eq(users.id, used.userId)),
            ...endEveryCredential(db, used.userId),
          ]);
          await endEveryGrant(c.env, used.userId);
        }
      } catch (err) {
        if (isUniqueViolation(err)) return fail(c, 409, MESSAGES.emailTaken);
        throw err;
      }
      if (changes)
        await mailEmailChanged(c, {
          id: used.userId,
          username: user.username,
          oldEmail: user.email,
          newEmail: used.email,
        });
      await syncRole(db, c.env, used.userId);
      // Having proven the mailbox and chosen the password, this browser is signed in to the account.
      if (!own) await startSession(c, used.userId);
      return c.json({
        message: own ? VERIFIED : VERIFIED_WITH_PASSWORD,
        email: used.email,
        user: await getSessionUser(db, used.userId),
      });
    },
  )
  /**
   * The link mailed to the address an email change replaced (7 days): puts that address back, sets a
   * new password (whoever made the change knew the old one) and ends every session.
   */
  .post(
    '/undo-email-change',
    route({
      tag: 'account',
      summary: 'Undo an email change from the link mailed to the old address',
      description: 'Puts the address back, sets a new password and signs out every device.',
      access: 'anyone',
      responses: {
        200: json(confirmedSchema, 'Restored and signed in'),
        400: error(MESSAGES.tokenInvalid),
        409: error(MESSAGES.emailTaken),
      },
    }),
    jsonBody(undoEmailChangeSchema),
    async (c) => {
      const db = c.env.DB;
      const { token, password } = c.req.valid('json');
      const used = await consumeToken(db, token, 'undo');
      const [user] = used ? await orm(db).select({ id: users.id }).from(users).where(eq(users.id, used.userId)) : [];
      if (!used || !user) return fail(c, 400, MESSAGES.tokenInvalid);
      if (await takenMessage(db, '', used.email, used.userId)) return fail(c, 409, MESSAGES.emailTaken);
      const d = orm(db);
      const passwordHash = await hashPassword(password);
      try {
        await d.batch([
          d
            .update(users)
            .set({ email: used.email, emailVerifiedAt: now(), passwordHash })
            .where(eq(users.id, used.userId)),
          // Undo links of the changes after this one were planted by whoever made them (docs/decisions/0038).
          ...endEveryCredential(db, used.userId, { usedUndoExpiresAt: used.expiresAt }),
        ]);
      } catch (err) {
        if (isUniqueViolation(err)) return fail(c, 409, MESSAGES.emailTaken);
        throw err;
      }
      await endEveryGrant(c.env, used.userId);
      await syncRole(db, c.env, used.userId);
      await startSession(c, used.userId);
      return c.json({ message: EMAIL_RESTORED, email: used.email, user: await getSessionUser(db, used.userId) });
    },
  )
  .post(
    '/resend-verification',
    route({
      tag: 'account',
      summary: 'Mail a new confirmation link',
      access: 'signed-in',
      responses: {
        202: json(v.object({ message: v.string(), email: v.string() }), 'Sent'),
        409: error(MESSAGES.alreadyVerified),
        429: throttled(MESSAGES.mailThrottled),
      },
    }),
    requireUser,
    async (c) => {
      const user = c.var.user!;
      const pending = await pendingEmail(c.env.DB, user.id);
      if (user.emailVerified && !pending) return fail(c, 409, MESSAGES.alreadyVerified);
      if (!(await mayMail(c, user.id))) return tooMany(c, MESSAGES.mailThrottled, HOUR_MS);
      const to = pending ?? user.email;
      await mailVerification(c, user, to, Boolean(pending));
      return c.json({ message: VERIFICATION_SENT, email: to }, 202);
    },
  )
  .get(
    '/email-status',
    route({
      tag: 'account',
      summary: 'Your address, whether it is confirmed, and a change waiting',
      access: 'signed-in',
      responses: {
        200: json(
          v.object({ email: v.string(), emailVerified: v.boolean(), pendingEmail: v.nullable(v.string()) }),
          'The address’s state',
        ),
      },
    }),
    requireUser,
    async (c) => {
      const user = c.var.user!;
      return c.json({
        email: user.email,
        emailVerified: user.emailVerified,
        pendingEmail: await pendingEmail(c.env.DB, user.id),
      });
    },
  )
  /** Settings' Cancel beside a pending change: its link stops working, the address stays. */
  .post(
    '/cancel-email-change',
    route({
      tag: 'account',
      summary: 'Cancel a pending email change',
      access: 'signed-in',
      responses: { 200: json(v.object({ message: v.string(), pendingEmail: v.null() }), 'Cancelled') },
    }),
    requireUser,
    async (c) => {
      await cancelEmailChange(c.env.DB, c.var.user!.id).run();
      return c.json({ message: CHANGE_CANCELLED, pendingEmail: null });
    },
  )
  .post(
    '/forgot-password',
    route({
      tag: 'account',
      summary: 'Mail a link to choose a new password',
      description: 'The same answer whether or not the address has an account.',
      access: 'anyone',
      responses: { 202: json(messageSchema, FORGOT_PASSWORD_ANSWER), 429: throttled(MESSAGES.mailThrottled) },
    }),
    jsonBody(forgotPasswordSchema),
    async (c) => {
      const { email } = c.req.valid('json');
      const db = c.env.DB;
      // Per client a plain 429 (it says nothing about any account); per account the answer stays the same.
      if ((await hit(db, `forgot:${clientKey(c)}`, { windowMs: HOUR_MS })) > CLIENT_MAILS_PER_HOUR)
        return tooMany(c, MESSAGES.mailThrottled, HOUR_MS);
      // The look-up and the mail happen after the answer, so it takes as long for an unknown address
      // as for a real one (docs/decisions/0024).
      await deliverLater(c, async () => {
        const [user] = await orm(db)
          .select({ id: users.id, username: users.username, email: users.email })
          .from(users)
          .where(eqNocase(users.email, email))
          .orderBy(...CONFIRMED_FIRST)
          .limit(1);
        if (user && (await mayMail(c, user.id))) await mailPasswordReset(c, user);
      });
      return c.json({ message: FORGOT_PASSWORD_ANSWER }, 202);
    },
  )
  .post(
    '/reset-password',
    route({
      tag: 'account',
      summary: 'Choose a new password with the mailed link’s token',
      description: 'Signs out every device.',
      access: 'anyone',
      responses: { 200: json(messageSchema, PASSWORD_RESET), 400: error(MESSAGES.tokenInvalid) },
    }),
    jsonBody(resetPasswordSchema),
    async (c) => {
      const { token, password } = c.req.valid('json');
      const used = await consumeToken(c.env.DB, token, 'reset');
      const db = orm(c.env.DB);
      const [user] = used ? await db.select({ email: users.email }).from(users).where(eq(users.id, used.userId)) : [];
      // A link mailed to an address the account no longer uses is void.
      if (!used || !user || used.email.toLowerCase() !== user.email.toLowerCase())
        return fail(c, 400, MESSAGES.tokenInvalid);
      const hash = await hashPassword(password);
      await db.batch([
        // Following the link proved the mailbox, so the address counts as confirmed too, unless another
        // account confirmed it after this link was sent (one confirmed account an address, migration 0018).
        db
          .update(users)
          .set({
            passwordHash: hash,
            emailVerifiedAt: sql`CASE WHEN ${confirmedElsewhere(used.userId, user.email)} THEN ${users.emailVerifiedAt} ELSE ${verifiedNow()} END`,
          })
          .where(eq(users.id, used.userId)),
        // Every session ends, this browser's included, and every token and pending link: whoever knew
        // the old password is out, with whatever they made with it (docs/decisions/0038).
        ...endEveryCredential(c.env.DB, used.userId),
      ]);
      await endEveryGrant(c.env, used.userId);
      await syncRole(c.env.DB, c.env, used.userId);
      if (c.var.user?.id === used.userId) await endSession(c);
      return c.json({ message: PASSWORD_RESET });
    },
  )
  .post(
    '/change-password',
    route({
      tag: 'account',
      summary: 'Change your password',
      description: 'Needs the current one; signs out your other devices.',
      access: 'signed-in',
      responses: {
        200: json(messageSchema, 'Changed'),
        400: error(`${MESSAGES.currentPassword}, or invalid input`),
        429: throttled(MESSAGES.throttled),
      },
    }),
    requireUser,
    jsonBody(changePasswordSchema),
    async (c) => {
      const { currentPassword, newPassword } = c.req.valid('json');
      const user = c.var.user!;
      if ((await hit(c.env.DB, `password-check:${user.id}`)) > 10) return tooMany(c, MESSAGES.throttled);
      await requireCurrentPassword(c, currentPassword);
      const passwordHash = await hashPassword(newPassword);
      const db = orm(c.env.DB);
      await db.batch([
        db.update(users).set({ passwordHash }).where(eq(users.id, user.id)),
        ...endEveryCredential(c.env.DB, user.id, { keepSessionHash: c.var.sessionHash }),
      ]);
      await endEveryGrant(c.env, user.id);
      return c.json({ message: PASSWORD_CHANGED });
    },
  )
  .post(
    '/change-email',
    route({
      tag: 'account',
      summary: 'Change your email address',
      description: 'Needs the current password; the new address counts once confirmed from the mail sent to it.',
      access: 'signed-in',
      responses: {
        202: json(v.object({ message: v.string(), pendingEmail: v.string() }), 'A confirmation link was mailed'),
        400: error(`${MESSAGES.currentPassword}, or invalid input`),
        429: throttled(`${MESSAGES.throttled} (checking the password), or ${MESSAGES.mailThrottled}`),
      },
    }),
    requireUser,
    jsonBody(changeEmailSchema),
    async (c) => {
      const { currentPassword, email } = c.req.valid('json');
      if (await overProfileChecks(c)) return tooMany(c, MESSAGES.throttled);
      await requireCurrentPassword(c, currentPassword);
      const pending = await startEmailChange(c, email);
      return c.json(
        {
          message: `We have emailed a confirmation link to ${pending}. Your address changes once you open it.`,
          pendingEmail: pending,
        },
        202,
      );
    },
  )
  // Settings' 'Where you are signed in' (docs/decisions/0038): the browsers; tokens are /api/tokens.
  .get(
    '/sessions',
    route({
      tag: 'account',
      summary: 'The browsers signed in to your account',
      description: 'Newest first; the one this request came with is marked current.',
      access: 'signed-in',
      responses: { 200: json(v.array(signedInSessionSchema), 'Your sessions') },
    }),
    requireUser,
    async (c) => c.json(await listSessions(c.env.DB, c.var.user!.id, c.var.sessionHash)),
  )
  .delete(
    '/sessions/:id',
    route({
      tag: 'account',
      summary: 'Sign one browser out',
      access: 'signed-in',
      parameters: [
        pathParam('id', 'The session, as GET /api/auth/sessions names it', {
          type: 'string',
          pattern: SESSION_ID_PATTERN.source,
        }),
      ],
      responses: { 200: json(okSchema, 'Signed out'), 404: error(SESSION_NOT_FOUND) },
    }),
    requireUser,
    async (c) => {
      const id = c.req.param('id');
      if (!(await endSessionById(c.env.DB, c.var.user!.id, id))) return fail(c, 404, SESSION_NOT_FOUND);
      // Signing out this very browser from the list: its cookie goes too.
      if (c.var.sessionHash?.startsWith(id)) await endSession(c);
      return c.json({ ok: true as const });
    },
  )
  .post(
    '/logout-everywhere',
    route({
      tag: 'account',
      summary: 'Sign out on every device',
      description: 'Ends every session, API token and connected app of the account, and every pending mailed link.',
      access: 'signed-in',
      responses: { 200: json(okSchema, 'Signed out everywhere') },
    }),
    requireUser,
    async (c) => {
      const db = orm(c.env.DB);
      const userId = c.var.user!.id;
      await db.batch(endEveryCredential(c.env.DB, userId));
      await endEveryGrant(c.env, userId);
      await endSession(c);
      return c.json({ ok: true });
    },
  );
