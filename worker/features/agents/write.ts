// Creating, changing and deleting agents (SPEC section 5 creation rules; DESIGN: creator only).
import type { D1Database } from '@cloudflare/workers-types';
import { MESSAGES, type AgentData } from '../../../common/validation';
import { HttpError } from '../../lib/http';

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

/** The category must exist and the department, when given, too (400 with SPEC's messages). */
export async function checkReferences(db: D1Database, data: AgentData): Promise<void> {
  const [category, department] = await db.batch<{ ok: number }>([
    db.prepare('SELECT 1 AS ok FROM categories WHERE id = ?').bind(data.categoryId),
    db.prepare('SELECT 1 AS ok FROM departments WHERE id = ?').bind(data.departmentId),
  ]);
  if (!category?.results.length) throw new HttpError(400, MESSAGES.category);
  if (data.departmentId !== 0 && !department?.results.length) throw new HttpError(400, MESSAGES.department);
}

async function uniqueSlug(db: D1Database, name: string, exceptId: number | null): Promise<string> {
  const base = slugify(name);
  const { results } = await db
    .prepare("SELECT id, slug FROM agents WHERE slug = ?1 OR slug LIKE ?1 || '-%'")
    .bind(base)
    .all<{ id: number; slug: string }>();
  // An edit that keeps the name keeps the agent's address.
  const own = results.find((r) => r.id === exceptId)?.slug;
  if (own && (own === base || new RegExp(`^${base}-\\d+$`).test(own))) return own;
  const taken = new Set(results.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const isSlugClash = (err: unknown) => err instanceof Error && /UNIQUE constraint failed: agents\.slug/.test(err.message);

/**
 * Runs a write with a free slug. Two writers can pick the same slug at once (D1 has no
 * transactions); the unique index refuses the second, which then picks again.
 */
async function withUniqueSlug<T>(db: D1Database, name: string, exceptId: number | null, write: (slug: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const slug = attempt < 3 ? await uniqueSlug(db, name, exceptId) : `${slugify(name)}-${crypto.randomUUID().slice(0, 8)}`;
    try {
      return await write(slug);
    } catch (err) {
      if (!isSlugClash(err) || attempt >= 5) throw err;
    }
  }
}

const columns = (data: AgentData) =>
  [
    data.name,
    data.description,
    data.longDescription ?? null,
    JSON.stringify(data.features),
    data.videoUrl ?? null,
    data.imageUrl ?? null,
    data.externalUrl ?? null,
    data.categoryId,
    data.departmentId,
    data.creditCost,
  ] as const;

export async function createAgent(db: D1Database, creatorId: number, data: AgentData): Promise<number> {
  await checkReferences(db, data);
  const row = await withUniqueSlug(db, data.name, null, (slug) =>
    db
      .prepare(
        `INSERT INTO agents (name, description, long_description, features, video_url, image_url, external_url, category_id, department_id, credit_cost, credits, slug, creator_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11, ?12) RETURNING id`,
      )
      .bind(...columns(data), slug, creatorId)
      .first<{ id: number }>(),
  );
  return row!.id;
}

export async function updateAgent(db: D1Database, id: number, data: AgentData): Promise<void> {
  await checkReferences(db, data);
  await withUniqueSlug(db, data.name, id, (slug) =>
    db
      .prepare(
        `UPDATE agents SET name = ?1, description = ?2, long_description = ?3, features = ?4, video_url = ?5, image_url = ?6,
           external_url = ?7, category_id = ?8, department_id = ?9, credit_cost = ?10, credits = ?10, slug = ?11,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ?12`,
      )
      .bind(...columns(data), slug, id)
      .run(),
  );
}

export const agentOwner = (db: D1Database, id: number) =>
  db.prepare('SELECT id, creator_id, credit_cost, external_url FROM agents WHERE id = ?').bind(id).first<{
    id: number;
    creator_id: number | null;
    credit_cost: number;
    external_url: string | null;
  }>();
