// The user a request acts as, made from a users row: shared by the session middleware, bearer tokens
// and account code, so it lives below all of them.
import type { SessionUser } from '#common/types.ts';
import { users } from '#worker/db/schema.ts';

/** The users columns a SessionUser is made of (select them, then toSessionUser). */
export const SESSION_USER_COLUMNS = {
  id: users.id,
  username: users.username,
  email: users.email,
  credits: users.credits,
  consumed: users.consumed,
  role: users.role,
  profilePicture: users.profilePicture,
  createdAt: users.createdAt,
  emailVerifiedAt: users.emailVerifiedAt,
};

interface SessionUserRow extends Omit<SessionUser, 'emailVerified'> {
  emailVerifiedAt: string | null;
}

export const toSessionUser = ({ emailVerifiedAt, ...row }: SessionUserRow): SessionUser => ({
  id: row.id,
  username: row.username,
  email: row.email,
  credits: row.credits,
  consumed: row.consumed,
  role: row.role,
  profilePicture: row.profilePicture,
  createdAt: row.createdAt,
  emailVerified: emailVerifiedAt !== null,
});
