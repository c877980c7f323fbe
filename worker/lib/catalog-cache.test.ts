import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { app } from '#worker/app.ts';
import { createUser, db, seedCatalog, signIn } from '#worker/test/fixtures.ts';
import { CATALOG_CACHE_MAX_ENTRIES, catalogCacheSeconds, catalogCacheSize, clearCatalogCache } from './catalog-cache';

const cached = { ...env, CATALOG_CACHE_SECONDS: '10' };
const get = (path: string, cookie?: string) => app.request(path, { headers: cookie ? { Cookie: cookie } : {} }, cached);
const rename = (name: string) => db().prepare('UPDATE agents SET name = ? WHERE id = 2').bind(name).run();

describe('catalogue cache', () => {
  beforeAll(seedCatalog);
  beforeEach(async () => {
    clearCatalogCache();
    await rename('LedgerLens');
  });

  it('serves visitors a repeated read from memory, headers included', async () => {
    const first = await get('/api/agents?limit=2');
    expect(first.headers.get('X-Cache')).toBeNull();
    await rename('Renamed behind the cache');
    const second = await get('/api/agents?limit=2');
    expect(second.headers.get('X-Cache')).toBe('hit');
    expect(second.headers.get('X-Total-Count')).toBe(first.headers.get('X-Total-Count'));
    expect(second.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(await second.json()).toEqual(await first.json());
    // Another query is another entry.
    expect((await get('/api/agents?limit=3')).headers.get('X-Cache')).toBeNull();
  });

  it('never answers signed-in people from it', async () => {
    await get('/api/agents/2');
    await rename('Seen by the signed-in');
    const user = await createUser();
    const cookie = await signIn(user.id);
    const fresh = await get('/api/agents/2', cookie);
    expect(fresh.headers.get('X-Cache')).toBeNull();
    expect(await fresh.json()).toMatchObject({ name: 'Seen by the signed-in' });
  });

  it('empties after any write through the API, so the writer and visitors see the change', async () => {
    expect(await (await get('/api/agents/3')).json()).toMatchObject({ voteCount: 40 });
    // Reviews need a confirmed address (docs/decisions/0025).
    const user = await createUser({ verified: true });
    const cookie = await signIn(user.id);
    const review = await app.request(
      '/api/ratings',
      { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: 'http://localhost' }, body: JSON.stringify({ agentId: 3, rating: 1 }) },
      cached,
    );
    expect(review.status).toBeLessThan(300);
    const after = await get('/api/agents/3');
    expect(after.headers.get('X-Cache')).toBeNull();
    // The count is recomputed from the stored reviews: this one is the only one.
    expect(await after.json()).toMatchObject({ voteCount: 1, averageRating: 1 });
  });

  it('keeps only successful answers, and a bounded number of them', async () => {
    expect((await get('/api/agents/999')).status).toBe(404);
    expect((await get('/api/agents/999')).headers.get('X-Cache')).toBeNull();
    for (let i = 0; i < CATALOG_CACHE_MAX_ENTRIES + 5; i++) await get(`/api/categories?n=${i}`);
    expect(catalogCacheSize()).toBe(CATALOG_CACHE_MAX_ENTRIES);
  });

  it('is configured by CATALOG_CACHE_SECONDS (10 by default, 0 or nonsense turns it off)', async () => {
    expect(catalogCacheSeconds({ DB: env.DB })).toBe(10);
    expect(catalogCacheSeconds({ DB: env.DB, CATALOG_CACHE_SECONDS: '30' })).toBe(30);
    expect(catalogCacheSeconds({ DB: env.DB, CATALOG_CACHE_SECONDS: '0' })).toBe(0);
    expect(catalogCacheSeconds({ DB: env.DB, CATALOG_CACHE_SECONDS: 'soon' })).toBe(0);
    // The suite's own setting (0): reads go to D1 every time.
    await app.request('/api/agents/2', {}, env);
    await rename('Uncached');
    expect(await (await app.request('/api/agents/2', {}, env)).json()).toMatchObject({ name: 'Uncached' });
  });

  it('a refused write (an anonymous POST to a missing path) leaves the cache as it was', async () => {
    await get('/api/agents?limit=2');
    expect(catalogCacheSize()).toBeGreaterThan(0);
    const before = catalogCacheSize();
    for (const path of ['/api/nope', '/api/agents', '/api/ratings']) {
      const res = await app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' }, body: '{}' }, cached);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    expect(catalogCacheSize()).toBe(before);
    expect((await get('/api/agents?limit=2')).headers.get('X-Cache')).toBe('hit');
  });
});
