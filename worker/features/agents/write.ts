// Creating, changing and deleting agents (docs/product.md#validation and #roles: the creator only).
import type { D1Database } from '@cloudflare/workers-types';
import { and, desc, eq, isNull, like, ne, or, sql } from 'drizzle-orm';
import { MESSAGES, type AgentData } from '#common/validation.ts';
import { orm } from '#worker/db/client.ts';
import { agentChanges, agents, categories, departments, now } from '#worker/db/schema.ts';
import { fillSkeletons, skeleton } from '#worker/lib/confusables.ts';
import { HttpError } from '#worker/lib/http.ts';

/** URL-safe slug from a name; uniqueness is settled by the caller. */
export const slugify = (name: string): string =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '') || 'agent';

/** The category must exist and the department, when given, too (400 with the documented messages). */
export async function checkReferences(d1: D1Database, data: AgentData): Promise<void> {
  const db = orm(d1);
  const [category, department] = await db.batch([
    db.select({ id: categories.id }).from(categories).where(eq(categories.id, data.categoryId)),
    db.select({ id: departments.id }).from(departments).where(eq(departments.id, data.departmentId)),
  ]);
  if (!category.length) throw new HttpError(400, MESSAGES.category);
  if (data.departmentId !== 0 && !department.length) throw new HttpError(400, MESSAGES.department);
}

async function uniqueSlug(d1: D1Database, name: string, exceptId: number | null): Promise<string> {
  const base = slugify(name);
  // slugify leaves letters, digits and dashes: nothing in `base` is a LIKE wildcard.
  const results = await orm(d1)
    .select({ id: agents.id, slug: agents.slug })
    .from(agents)
    .where(or(eq(agents.slug, base), like(agents.slug, `${base}-%`)));
  // An edit that keeps the name keeps the agent's address.
  const own = results.find((r) => r.id === exceptId)?.slug;
  if (own && (own === base || new RegExp(`^${base}-\\d+$`).test(own))) return own;
  const taken = new Set(results.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** D1's error, also when drizzle wrapped it (DrizzleQueryError keeps it as the cause). */
const isSlugClash = (err: unknown): boolean =>
  err instanceof Error && (/UNIQUE constraint failed: agents\.slug/.test(err.message) || isSlugClash(err.cause));

/**
 * Runs a write with a free slug. Two writers can pick the same slug at once (D1 has no
 * transactions); the unique index refuses the second, which then picks again.
 */
async function withUniqueSlug<T>(
  db: D1Database,
  name: string,
  exceptId: number | null,
  write: (slug: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const slug =
      attempt < 3 ? await uniqueSlug(db, name, exceptId) : `${slugify(name)}-${crypto.randomUUID().slice(0, 8)}`;
    try {
      return await write(slug);
    } catch (err) {
      if (!isSlugClash(err) || attempt >= 5) throw err;
    }
  }
}

/**
 * A name that looks like another creator's agent (same UTS #39 skeleton, e.g. a Cyrillic letter
 * for a Latin one) is refused, so nobody passes their agent off as someone else's. A creator may
 * reuse their own names.
 */
async function refuseLookalike(
  d1: D1Database,
  creatorId: number,
  name: string,
  exceptId: number | null,
): Promise<void> {
  await fillSkeletons(d1, 'agents');
  const [clash] = await orm(d1)
    .select({ id: agents.id })
    .from(agents)
    .where(
      and(
        eq(agents.nameSkeleton, skeleton(name)),
        ne(agents.id, exceptId ?? 0),
        or(isNull(agents.creatorId), ne(agents.creatorId, creatorId)),
      ),
    )
    .limit(1);
  if (clash) throw new HttpError(409, MESSAGES.agentNameLookalike);
}

const columns = (data: AgentData) => ({
  name: data.name,
  nameSkeleton: skeleton(data.name),
  description: data.description,
  longDescription: data.longDescription ?? null,
  features: JSON.stringify(data.features),
  videoUrl: data.videoUrl ?? null,
  imageUrl: data.imageUrl ?? null,
  externalUrl: data.externalUrl ?? null,
  categoryId: data.categoryId,
  departmentId: data.departmentId,
  creditCost: data.creditCost,
  credits: data.creditCost,
});

export async function createAgent(d1: D1Database, creatorId: number, data: AgentData): Promise<number> {
  await checkReferences(d1, data);
  await refuseLookalike(d1, creatorId, data.name, null);
  const [row] = await withUniqueSlug(d1, data.name, null, (slug) =>
    orm(d1)
      .insert(agents)
      .values({ ...columns(data), slug, creatorId })
      .returning({ id: agents.id }),
  );
  return row!.id;
}

/**
 * An edit's columns. An edit that leaves `imageUrl` out (`keepCover`) keeps the stored cover and its
 * smaller copy: Edit Agent manages the cover with its own upload and removal (docs/decisions/0043).
 * A cover address sent that differs from the stored one drops the cards' copy of the old picture.
 */
const editColumns = (data: AgentData, keepCover: boolean) => {
  const { imageUrl, ...rest } = columns(data);
  if (keepCover) return rest;
  // In an UPDATE the right-hand side reads the row as it was: the thumbnail stays only with its cover.
  const thumbnailUrl = sql<
    string | null
  >`CASE WHEN ${agents.imageUrl} IS ${imageUrl} THEN ${agents.thumbnailUrl} ELSE NULL END`;
  return { ...rest, imageUrl, thumbnailUrl };
};

/**
 * An edit may carry a 'What's new' note (docs/decisions/0043): it joins the agent's changelog and
 * whats_new_at takes its time, in the edit's batch, so a note is never kept for an edit refused.
 */
export async function updateAgent(
  d1: D1Database,
  id: number,
  creatorId: number,
  data: AgentData,
  { keepCover = false }: { keepCover?: boolean } = {},
): Promise<void> {
  await checkReferences(d1, data);
  await refuseLookalike(d1, creatorId, data.name, id);
  const db = orm(d1);
  await withUniqueSlug(d1, data.name, id, async (slug) => {
    if (!data.whatsNew) {
      await db
        .update(agents)
        .set({ ...editColumns(data, keepCover), slug, updatedAt: now })
        .where(eq(agents.id, id));
      return;
    }
    const at = new Date().toISOString();
    await db.batch([
      db
        .update(agents)
        .set({ ...editColumns(data, keepCover), slug, updatedAt: now, whatsNewAt: at })
        .where(eq(agents.id, id)),
      db.insert(agentChanges).values({ agentId: id, note: data.whatsNew, createdAt: at }),
    ]);
  });
}

/** Notes shown of an agent's changelog: the latest ones. */
export const AGENT_CHANGES_SHOWN = 20;

/** An agent's 'What's new' notes, latest first (docs/decisions/0043). */
export const agentChangesOf = (d1: D1Database, agentId: number) =>
  orm(d1)
    .select({ id: agentChanges.id, note: agentChanges.note, createdAt: agentChanges.createdAt })
    .from(agentChanges)
    .where(eq(agentChanges.agentId, agentId))
    .orderBy(desc(agentChanges.createdAt), desc(agentChanges.id))
    .limit(AGENT_CHANGES_SHOWN);

/** Ratings go with the agent (ON DELETE CASCADE); the category count follows by trigger. */
export const deleteAgent = (d1: D1Database, id: number) => orm(d1).delete(agents).where(eq(agents.id, id));

/** An agent's creator and pictures (the cover, and the cards' smaller copy), or null for an unknown id. */
export const agentPictures = async (d1: D1Database, id: number) => {
  const [row] = await orm(d1)
    .select({ creatorId: agents.creatorId, imageUrl: agents.imageUrl, thumbnailUrl: agents.thumbnailUrl })
    .from(agents)
    .where(eq(agents.id, id));
  return row ?? null;
};

/** Sets an agent's cover and its smaller copy (uploads, docs/decisions/0028); nulls remove them. */
export const setAgentPictures = async (
  d1: D1Database,
  id: number,
  pictures: { imageUrl: string | null; thumbnailUrl: string | null },
) => {
  await orm(d1)
    .update(agents)
    .set({ ...pictures, updatedAt: new Date().toISOString() })
    .where(eq(agents.id, id))
    .run();
};

export const agentOwner = async (d1: D1Database, id: number) => {
  const [row] = await orm(d1)
    .select({
      id: agents.id,
      creator_id: agents.creatorId,
      credit_cost: agents.creditCost,
      external_url: agents.externalUrl,
      hidden_at: agents.hiddenAt,
    })
    .from(agents)
    .where(eq(agents.id, id));
  return row ?? null;
};
