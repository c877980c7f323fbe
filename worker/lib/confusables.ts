// Look-alike names (UTS #39 confusables, docs/decisions/0024): 'dеmo' with a Cyrillic е reads as
// 'demo' but is another string, so uniqueness compares each name's skeleton, not its text. The
// mapping is Unicode's confusables.txt as packaged by `unhomoglyph` (pinned in package.json).
import type { D1Database } from '@cloudflare/workers-types';
import { eq, isNull } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import { orm } from '#worker/db/client.ts';
import { agents, users } from '#worker/db/schema.ts';

/**
 * The skeleton of a name: NFKC and lower case (names are unique whatever the case), then UTS #39's
 * skeleton (NFD, map each confusable to its prototype, NFD), lower-cased again since prototypes
 * may be capitals ('0' maps to 'O').
 */
export const skeleton = (name: string): string =>
  unhomoglyph(name.normalize('NFKC').trim().toLowerCase().normalize('NFD')).normalize('NFD').toLowerCase();

/** Rows written before migration 0008 (or by plain SQL) get their skeleton before anyone compares. */
const FILL_BATCH = 200;

/** The names kept with a skeleton: each table's id and name columns, and its skeleton's column and key. */
const NAMES = {
  users: {
    table: users,
    id: users.id,
    name: users.username,
    skeleton: users.usernameSkeleton,
    key: 'usernameSkeleton',
  },
  agents: { table: agents, id: agents.id, name: agents.name, skeleton: agents.nameSkeleton, key: 'nameSkeleton' },
} as const;

/** Fills the missing skeletons of usernames or agent names; cheap once every row has one (an indexed IS NULL look-up). */
export async function fillSkeletons(d1: D1Database, of: keyof typeof NAMES): Promise<void> {
  const { table, id, name, skeleton: column, key } = NAMES[of];
  const db = orm(d1);
  for (;;) {
    const rows = await db.select({ id, name }).from(table).where(isNull(column)).limit(FILL_BATCH);
    const [first, ...rest] = rows.map((r) =>
      db
        .update(table)
        .set({ [key]: skeleton(r.name) })
        .where(eq(id, r.id)),
    );
    if (first) await db.batch([first, ...rest]);
    if (rows.length < FILL_BATCH) return;
  }
}
