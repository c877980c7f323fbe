import type { CreditTransaction } from '#common/types.ts';

/** How long a purchase made in the last few minutes counts as "this one" when no session id is known. */
const RECENT_MS = 10 * 60_000;

/**
 * Finds the ledger row of a purchase that has just completed: by checkout session id when the
 * return URL carries one (the ledger's reference), else the newest recent purchase of that size.
 */
export function findPurchase(
  transactions: readonly CreditTransaction[],
  { sessionId, credits, now = Date.now() }: { sessionId: string | null; credits: number | null; now?: number },
): CreditTransaction | null {
  const purchases = transactions.filter((t) => t.kind === 'purchase');
  if (sessionId) {
    const match = purchases.find((t) => t.reference === sessionId || (t.description ?? '').includes(sessionId));
    if (match) return match;
  }
  if (credits) {
    return purchases.find((t) => t.amount === credits && now - Date.parse(t.createdAt) < RECENT_MS) ?? null;
  }
  return null;
}
