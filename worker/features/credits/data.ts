import type { D1Database } from '@cloudflare/workers-types';
import { and, eq } from 'drizzle-orm';
import { CENTS_PER_CREDIT, creditsProductName } from '#common/constants.ts';
import type { Receipt } from '#common/types.ts';
import { orm } from '#worker/db/client.ts';
import { checkoutSessions, creditLedger, users } from '#worker/db/schema.ts';

/**
 * The receipt of the purchase recorded in ledger row `id`, or null when that row is not a purchase
 * of `userId`'s: someone else's receipt is as missing as an unknown one.
 */
export async function getReceipt(d1: D1Database, userId: number, id: number): Promise<Receipt | null> {
  const [row] = await orm(d1)
    .select({
      id: creditLedger.id,
      credits: creditLedger.amount,
      reference: creditLedger.reference,
      paidAt: creditLedger.createdAt,
      amountCents: checkoutSessions.amountCents,
      username: users.username,
      email: users.email,
    })
    .from(creditLedger)
    .innerJoin(users, eq(users.id, creditLedger.userId))
    .leftJoin(checkoutSessions, eq(checkoutSessions.id, creditLedger.reference))
    .where(and(eq(creditLedger.id, id), eq(creditLedger.userId, userId), eq(creditLedger.kind, 'purchase')));
  if (!row) return null;
  return {
    id: row.id,
    reference: row.reference ?? `ledger-${row.id}`,
    product: creditsProductName(row.credits),
    credits: row.credits,
    // What the checkout charged; a purchase without one was priced at the standard rate.
    amountCents: row.amountCents ?? row.credits * CENTS_PER_CREDIT,
    paidAt: row.paidAt,
    buyer: { username: row.username, email: row.email },
  };
}
