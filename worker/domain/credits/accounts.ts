// A new account and its sign-up grant (docs/product.md#credits): the grant is the account's first
// balance change, so it is written in the batch that creates the account, through the ledger's builder.
import type { D1Database } from '@cloudflare/workers-types';
import { INITIAL_CREDITS } from '#common/constants.ts';
import type { Role } from '#common/types.ts';
import { usernameKey } from '#common/validation.ts';
import { orm } from '#worker/db/client.ts';
import { now, users } from '#worker/db/schema.ts';
import { skeleton } from '#worker/lib/confusables.ts';
import { signupGrant } from './ledger';

export interface NewAccount {
  username: string;
  email: string;
  role: Role;
  passwordHash?: string | null;
  googleId?: string | null;
  profilePicture?: string | null;
  /** The address is already proven (Google's email_verified === true). */
  emailVerified?: boolean;
}

/**
 * Creates an account with the sign-up grant as a ledger entry, in one batch so neither exists
 * without the other. A taken username or email surfaces as D1's UNIQUE constraint error.
 */
export async function createAccount(d1: D1Database, account: NewAccount): Promise<number> {
  const db = orm(d1);
  const [inserted] = await db.batch([
    db
      .insert(users)
      .values({
        username: account.username,
        usernameKey: usernameKey(account.username),
        usernameSkeleton: skeleton(account.username),
        email: account.email,
        passwordHash: account.passwordHash ?? null,
        googleId: account.googleId ?? null,
        profilePicture: account.profilePicture ?? null,
        role: account.role,
        credits: INITIAL_CREDITS,
        emailVerifiedAt: account.emailVerified ? now : null,
      })
      .returning({ id: users.id }),
    signupGrant(db, account.username),
  ]);
  const id = inserted[0]?.id;
  if (!id) throw new Error('account insert returned no id');
  return id;
}
