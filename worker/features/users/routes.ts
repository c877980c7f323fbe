import type { D1Database } from '@cloudflare/workers-types';
import { Hono } from 'hono';
import type { PublicUser } from '../../../common/types';
import { MESSAGES, profileSchema } from '../../../common/validation';
import type { AppEnv } from '../../env';
import { getSessionUser, isUniqueViolation } from '../../lib/accounts';
import { fail, positiveInt } from '../../lib/http';
import { jsonBody } from '../../lib/validator';
import { requireUser } from '../../middleware/session';

const USER_NOT_FOUND = 'User not found';

/** The 409 message when another account already has this username or email (case-insensitive). */
async function clashMessage(db: D1Database, id: number, username: string, email: string): Promise<string | null> {
  const row = await db
    .prepare(
      'SELECT username = ?1 COLLATE NOCASE AS sameName FROM users WHERE id <> ?3 AND (username = ?1 COLLATE NOCASE OR email = ?2 COLLATE NOCASE) LIMIT 1',
    )
    .bind(username, email, id)
    .first<{ sameName: number }>();
  if (!row) return null;
  return row.sameName ? MESSAGES.usernameTaken : MESSAGES.emailTaken;
}

export const usersRoutes = new Hono<AppEnv>()
  // Anyone may see who created an agent; the email stays private.
  .get('/:id', async (c) => {
    const id = positiveInt(c.req.param('id'));
    const row = id
      ? await c.env.DB.prepare('SELECT id, username, profile_picture, created_at FROM users WHERE id = ?')
          .bind(id)
          .first<{ id: number; username: string; profile_picture: string | null; created_at: string }>()
      : null;
    if (!row) return fail(c, 404, USER_NOT_FOUND);
    const user: PublicUser = { id: row.id, username: row.username, profilePicture: row.profile_picture, createdAt: row.created_at };
    return c.json(user);
  })
  .put('/:id', requireUser, jsonBody(profileSchema), async (c) => {
    const id = positiveInt(c.req.param('id'));
    if (!id) return fail(c, 404, USER_NOT_FOUND);
    if (id !== c.var.user!.id) return fail(c, 403, MESSAGES.forbidden);
    const { username, email } = c.req.valid('json');
    const clash = await clashMessage(c.env.DB, id, username, email);
    if (clash) return fail(c, 409, clash);
    try {
      await c.env.DB.prepare('UPDATE users SET username = ?, email = ? WHERE id = ?').bind(username, email, id).run();
    } catch (err) {
      // Another account took the name or email between the check and the update.
      if (isUniqueViolation(err)) return fail(c, 409, (await clashMessage(c.env.DB, id, username, email)) ?? MESSAGES.usernameTaken);
      throw err;
    }
    return c.json(await getSessionUser(c.env.DB, id));
  });
