import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { db, seedCatalog } from './fixtures';

/** Runs one migration's statements again, as `wrangler d1 migrations apply` would on an older database. */
async function rerun(name: string) {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith(name));
  if (!migration) throw new Error(`no migration ${name}`);
  await db().batch(migration.queries.map((sql) => db().prepare(sql)));
}

describe('migration 0002: agent covers moved to WebP', () => {
  it('points seeded covers at the WebP files and leaves other pictures alone', async () => {
    await seedCatalog();
    await db().batch([
      db().prepare(`UPDATE agents SET image_url = '/agents/leadscout-pro.svg' WHERE id = 1`),
      db().prepare(`UPDATE agents SET image_url = 'https://cdn.example.com/ledger.svg' WHERE id = 2`),
      db().prepare(`UPDATE agents SET image_url = '/agents/contractsentry.webp' WHERE id = 3`),
    ]);
    await rerun('0002');
    const { results } = await db()
      .prepare('SELECT id, image_url FROM agents ORDER BY id')
      .all<{ id: number; image_url: string }>();
    expect(results.map((r) => r.image_url)).toEqual([
      '/agents/leadscout-pro.webp',
      'https://cdn.example.com/ledger.svg',
      '/agents/contractsentry.webp',
    ]);
  });
});
