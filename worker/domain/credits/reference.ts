// A try's ledger reference names its agent, 'agent:<id>': the try's row, its refund and the insights'
// triggers (migrations 0021, 0022 and 0030 match `LIKE 'agent:%'`) all read it, so it is spelt here once.
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

const AGENT_PREFIX = 'agent:';
const AGENT_REFERENCE = new RegExp(`^${AGENT_PREFIX}(\\d{1,15})$`);

/** The reference of a try of agent `agentId`. */
export const agentReference = (agentId: number): string => `${AGENT_PREFIX}${agentId}`;

/** The agent id of a try's reference, or null for any other. */
export function agentIdOf(reference: string | null): number | null {
  const id = AGENT_REFERENCE.exec(reference ?? '')?.[1];
  return id ? Number(id) : null;
}

/** The agent id of a reference column, in SQL: what follows the prefix, as an integer (for a join on agents' key). */
export const agentIdOfSql = (reference: SQLiteColumn): SQL<number> =>
  sql<number>`CAST(substr(${reference}, ${sql.raw(String(AGENT_PREFIX.length + 1))}) AS INTEGER)`;
