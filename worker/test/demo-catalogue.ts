// The demo catalogue of scripts/seed-data.mjs loaded into the test database, for search relevance.
import { env } from 'cloudflare:workers';
import * as demo from '../../scripts/seed-data.mjs';

export async function seedDemoCatalogue(): Promise<void> {
  const db = env.DB;
  const statements = [
    ...demo.categories.map((c, i) =>
      db
        .prepare('INSERT INTO categories (id, name, description, icon, is_main_category) VALUES (?, ?, ?, ?, ?)')
        .bind(i + 1, c.name, c.description, c.icon, c.isMainCategory ? 1 : 0),
    ),
    ...demo.departments.map((d, i) =>
      db.prepare('INSERT INTO departments (id, name, description) VALUES (?, ?, ?)').bind(i + 1, d.name, d.description),
    ),
    ...demo.users.map((u, i) =>
      db
        .prepare('INSERT INTO users (id, username, email, role) VALUES (?, ?, ?, ?)')
        .bind(i + 1, u.username, u.email, u.role),
    ),
  ];
  const categoryId = new Map(demo.categories.map((c, i) => [c.name, i + 1]));
  const departmentId = new Map(demo.departments.map((d, i) => [d.name, i + 1]));
  const userId = new Map(demo.users.map((u, i) => [u.username, i + 1]));
  // Ratings as the reviews give them, so quality tie-breaks see what the demo shows.
  const votes = new Map<string, number[]>();
  for (const r of demo.reviews) votes.set(r.agentSlug, [...(votes.get(r.agentSlug) ?? []), r.rating]);
  demo.agents.forEach((a, i) => {
    const ratings = votes.get(a.slug) ?? [];
    const average = ratings.length ? ratings.reduce((s, r) => s + r, 0) / ratings.length : 0;
    statements.push(
      db
        .prepare(
          `INSERT INTO agents (id, name, slug, label, description, long_description, features, category_id, department_id, creator_id, average_rating, vote_count, credit_cost)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          i + 1,
          a.name,
          a.slug,
          a.label,
          a.description,
          a.longDescription,
          JSON.stringify(a.features),
          categoryId.get(a.categoryName)!,
          departmentId.get(a.departmentName) ?? 0,
          a.creatorUsername ? userId.get(a.creatorUsername)! : null,
          average,
          ratings.length,
          a.creditCost,
        ),
    );
  });
  await db.batch(statements);
}
