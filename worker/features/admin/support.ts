// Support's view of a person (docs/decisions/0029): find them by username or email, read
// their credit history with each try's refund state, so a try can be refunded from it once.
import type { D1Database } from '@cloudflare/workers-types';
import type { SupportHistory } from '#common/types.ts';
import type { PersonSummary } from '#common/types.ts';
import { earningsFigures, listTransactions } from '#worker/domain/credits/index.ts';

export const PEOPLE_FOUND_MAX = 20;

/**
 * People whose username or email starts with `q`, case-insensitively: two ranges of the NOCASE
 * indexes (users_username_unique, users_email), exact matches first.
 */
export async function findPeople(d1: D1Database, q: string): Promise<PersonSummary[]> {
  // The smallest string above every one starting with q, in NOCASE order.
  const upper = `${q}\u{10FFFF}`;
  const { results } = await d1
    .prepare(
      `SELECT id, username, email, role, credits FROM (
         SELECT * FROM users WHERE username >= ?1 COLLATE NOCASE AND username < ?2 COLLATE NOCASE
         UNION
         SELECT * FROM users WHERE email >= ?1 COLLATE NOCASE AND email < ?2 COLLATE NOCASE
       )
       ORDER BY (username = ?1 COLLATE NOCASE OR email = ?1 COLLATE NOCASE) DESC, username COLLATE NOCASE
       LIMIT ${PEOPLE_FOUND_MAX}`,
    )
    .bind(q, upper)
    .all<PersonSummary>();
  return results;
}

/**
 * A person's history as support sees it: their ledger, each try saying whether it was refunded, and
 * their earnings, so a creator who owes after a refund (docs/decisions/0029, 'A refund after the
 * money left') is seen with the amount.
 */
export async function supportHistory(d1: D1Database, userId: number): Promise<SupportHistory | null> {
  const [[people, refunded], figures] = await Promise.all([
    d1.batch([
      d1.prepare('SELECT id, username, email, role, credits FROM users WHERE id = ?1').bind(userId),
      // A try's refund is keyed from the try's own key (worker/domain/credits/ledger.ts refundTry): one unique-index look-up each.
      d1
        .prepare(
          `SELECT t.id FROM credit_ledger t JOIN credit_ledger r ON r.idempotency_key = 'refund:' || t.idempotency_key
           WHERE t.user_id = ?1 AND t.kind = 'try'`,
        )
        .bind(userId),
    ]),
    earningsFigures(d1, userId),
  ]);
  const person = people!.results[0] as PersonSummary | undefined;
  if (!person) return null;
  const refundedIds = new Set((refunded!.results as { id: number }[]).map((r) => r.id));
  const transactions = (await listTransactions(d1, userId)).map((t) => ({ ...t, refunded: refundedIds.has(t.id) }));
  const earnings =
    figures.entries === 0 ? null : { availableCents: figures.availableCents, pendingCents: figures.pendingCents };
  return { person, transactions, earnings };
}
