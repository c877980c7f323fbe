import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { publicProfileSchemaOut, sessionUserSchema } from '#common/api-schemas.ts';
import { publicProfileSchema } from '#common/creators.ts';
import { MESSAGES, profileSchema, usernameKey } from '#common/validation.ts';
import { orm } from '#worker/db/client.ts';
import { users } from '#worker/db/schema.ts';
import type { AppEnv } from '#worker/env.ts';
import { getSessionUser, isUniqueViolation, takenMessage } from '#worker/lib/accounts.ts';
import { overProfileChecks, requireCurrentPassword, startEmailChange } from '#worker/features/auth/index.ts';
import { fail } from '#worker/lib/http.ts';
import { tooMany } from '#worker/lib/throttle.ts';
import { skeleton } from '#worker/lib/confusables.ts';
import { error, json, route, throttled } from '#worker/lib/openapi.ts';
import { idParam, jsonBody } from '#worker/lib/validator.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { publicProfileById } from '#worker/features/creators/index.ts';

const USER_NOT_FOUND = 'User not found';

export const usersRoutes = new Hono<AppEnv>()
  // Anyone may see who created an agent; the email stays private.
  .get(
    '/:id',
    route({
      tag: 'creators',
      summary: "A person's public profile",
      access: 'anyone',
      token: 'read',
      responses: { 200: json(publicProfileSchemaOut, 'The profile, never an email'), 404: error(USER_NOT_FOUND) },
    }),
    idParam('id', USER_NOT_FOUND),
    async (c) => {
      const { id } = c.req.valid('param');
      const user = await publicProfileById(c.env.DB, id);
      if (!user) return fail(c, 404, USER_NOT_FOUND);
      return c.json(user);
    },
  )
  // What a person says about themselves on their creator page (docs/decisions/0028).
  .put(
    '/:id/public-profile',
    route({
      tag: 'account',
      summary: 'Change your creator page’s name, bio and website',
      access: 'signed-in',
      responses: {
        200: json(publicProfileSchemaOut, 'The profile as changed'),
        403: error('Not your profile'),
        404: error(USER_NOT_FOUND),
      },
    }),
    requireUser,
    jsonBody(publicProfileSchema),
    idParam('id', USER_NOT_FOUND),
    async (c) => {
      const { id } = c.req.valid('param');
      if (id !== c.var.user!.id) return fail(c, 403, MESSAGES.forbidden);
      const { displayName, bio, website } = c.req.valid('json');
      await orm(c.env.DB).update(users).set({ displayName, bio, website }).where(eq(users.id, id)).run();
      return c.json((await publicProfileById(c.env.DB, id))!);
    },
  )
  .put(
    '/:id',
    route({
      tag: 'account',
      summary: 'Change your username or email address',
      description: 'A new address needs the current password and counts once confirmed from the mail sent to it.',
      access: 'signed-in',
      responses: {
        200: json(
          v.object({ ...sessionUserSchema.entries, pendingEmail: v.nullable(v.string()) }),
          'The account, and the address waiting for confirmation',
        ),
        403: error('Not your account'),
        404: error(USER_NOT_FOUND),
        409: error('The username is taken'),
        429: throttled(`${MESSAGES.throttled} (checking the password), or ${MESSAGES.mailThrottled}`),
      },
    }),
    requireUser,
    jsonBody(profileSchema),
    idParam('id', USER_NOT_FOUND),
    async (c) => {
      const { id } = c.req.valid('param');
      if (id !== c.var.user!.id) return fail(c, 403, MESSAGES.forbidden);
      const { username, email, currentPassword } = c.req.valid('json');
      const db = c.env.DB;
      const changesEmail = email !== c.var.user!.email.toLowerCase();
      // Usernames are public, so a taken one may be named; whether an address has an account is never
      // told: a taken one is answered as a free one, after the password (docs/decisions/0024).
      const clash = await takenMessage(db, username, '', id);
      if (clash) return fail(c, 409, clash);
      if (changesEmail) {
        if (await overProfileChecks(c)) return tooMany(c, MESSAGES.throttled);
        if (!currentPassword) return fail(c, 400, MESSAGES.currentPasswordRequired);
        await requireCurrentPassword(c, currentPassword);
      }
      try {
        await orm(db)
          .update(users)
          .set({ username, usernameKey: usernameKey(username), usernameSkeleton: skeleton(username) })
          .where(eq(users.id, id))
          .run();
      } catch (err) {
        // Another account took the name between the check and the update.
        if (isUniqueViolation(err)) return fail(c, 409, MESSAGES.usernameTaken);
        throw err;
      }
      // A new address counts only once confirmed from the mail sent to it (docs/product.md#accounts).
      const pendingEmail = changesEmail ? await startEmailChange(c, email) : null;
      // The role this request acts with, not the one stored at sign-in (docs/decisions/0038).
      return c.json({ ...(await getSessionUser(db, id))!, role: c.var.user!.role, pendingEmail });
    },
  );
