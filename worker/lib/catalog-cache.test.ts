import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { app } from '#worker/app.ts';
import { createUser, db, insertAgents, seedCatalog, signIn } from '#worker/test/fixtures.ts';
import { catalogCacheSeconds } from './cache-seconds';
import { CATALOG_CACHE_MAX_ENTRIES, catalogCacheSize, changesCatalog, clearCatalogCache } from './catalog-cache';

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

  it('empties after a write that changes the catalogue (a review), so the writer and visitors see it', async () => {
    expect(await (await get('/api/agents/3')).json()).toMatchObject({ voteCount: 40 });
    // Reviews need a confirmed address (docs/decisions/0025).
    const user = await createUser({ verified: true });
    const cookie = await signIn(user.id);
    const review = await app.request(
      '/api/ratings',
      {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: 'http://localhost' },
        body: JSON.stringify({ agentId: 3, rating: 1 }),
      },
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

  it('is configured by CATALOG_CACHE_SECONDS (10 by default, 0 or nonsense turns it off), and off behind the edge cache', async () => {
    expect(catalogCacheSeconds({ DB: env.DB })).toBe(10);
    expect(catalogCacheSeconds({ DB: env.DB, CATALOG_CACHE_SECONDS: '30' })).toBe(30);
    expect(catalogCacheSeconds({ DB: env.DB, CATALOG_CACHE_SECONDS: '0' })).toBe(0);
    expect(catalogCacheSeconds({ DB: env.DB, CATALOG_CACHE_SECONDS: 'soon' })).toBe(0);
    // Staging and production (docs/decisions/0046): the edge cache answers what this one would.
    expect(catalogCacheSeconds({ DB: env.DB, CATALOG_CACHE_SECONDS: '30', EDGE_CACHE_SECONDS: '60' })).toBe(0);
    expect(catalogCacheSeconds({ DB: env.DB, EDGE_CACHE_SECONDS: '0' })).toBe(10);
    // The suite's own setting (0): reads go to D1 every time.
    await app.request('/api/agents/2', {}, env);
    await rename('Uncached');
    expect(await (await app.request('/api/agents/2', {}, env)).json()).toMatchObject({ name: 'Uncached' });
  });

  it('empties when an agent is deleted: its page and the lists no longer show it', async () => {
    const creator = await createUser();
    await insertAgents({
      id: 50,
      name: 'Shortlived',
      description: 'Here for one test.',
      department_id: 1,
      creator_id: creator.id,
      credit_cost: 3,
    });
    expect((await get('/api/agents/50')).status).toBe(200);
    expect((await get('/api/agents/50')).headers.get('X-Cache')).toBe('hit');
    const deleted = await app.request(
      '/api/agents/50',
      { method: 'DELETE', headers: { Cookie: await signIn(creator.id), Origin: 'http://localhost' } },
      cached,
    );
    expect(deleted.status).toBe(200);
    expect((await get('/api/agents/50')).status).toBe(404);
  });

  it('writes that change no catalogue answer leave it: none can be sent to empty it at will', async () => {
    await get('/api/agents?limit=2');
    await get('/api/agents/2');
    const post = (path: string, init: { body?: unknown; cookie?: string; method?: string } = {}) =>
      app.request(
        path,
        {
          method: init.method ?? 'POST',
          headers: {
            Origin: 'http://localhost',
            ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...(init.cookie ? { Cookie: init.cookie } : {}),
          },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        },
        cached,
      );
    const person = await createUser({ verified: true });
    const cookie = await signIn(person.id);
    // Anyone, for nothing: a sign-out with no session, a reset mail for nobody, a page view.
    for (const res of [
      await post('/api/auth/logout'),
      await post('/api/auth/forgot-password', { body: { email: 'nobody@example.com' } }),
      await post('/api/agents/2/views'),
      // Signed in, about nobody else's catalogue: saving an agent.
      await post('/api/saved/2', { method: 'PUT', cookie }),
    ]) {
      expect(res.ok, `${res.status} ${await res.clone().text()}`).toBe(true);
    }
    await rename('Renamed behind the cache');
    for (const path of ['/api/agents?limit=2', '/api/agents/2']) {
      const again = await get(path);
      expect(again.headers.get('X-Cache'), path).toBe('hit');
      expect(JSON.stringify(await again.json()), path).not.toContain('Renamed behind the cache');
    }
  });

  it('lists the writes that change what the cached reads answer, and only those', () => {
    const changes = [
      ['POST', '/api/agents'],
      ['PUT', '/api/agents/7'],
      ['DELETE', '/api/agents/7'],
      ['POST', '/api/agents/7/try'],
      ['POST', '/api/ratings'],
      ['PUT', '/api/ratings/3'],
      ['DELETE', '/api/ratings/3'],
      ['PUT', '/api/ratings/3/reply'],
      ['DELETE', '/api/ratings/3/helpful'],
      ['POST', '/api/moderation/agent/7'],
      ['PUT', '/api/media/agents/7/cover'],
      ['DELETE', '/api/media/agents/7/cover'],
      ['PUT', '/api/users/4'],
      ['POST', '/api/admin/refunds'],
    ];
    const leaves = [
      ['GET', '/api/agents'],
      ['POST', '/api/agents/7/views'],
      ['POST', '/api/auth/logout'],
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/forgot-password'],
      ['POST', '/api/propose-agent'],
      ['POST', '/api/reports'],
      ['PUT', '/api/saved/7'],
      ['PUT', '/api/follows/4'],
      ['PUT', '/api/users/4/public-profile'],
      ['PUT', '/api/media/profile-picture'],
      ['POST', '/api/payments/create-checkout'],
      ['POST', '/api/tokens'],
    ];
    for (const [method, path] of changes) expect(changesCatalog(method!, path!), `${method} ${path}`).toBe(true);
    for (const [method, path] of leaves) expect(changesCatalog(method!, path!), `${method} ${path}`).toBe(false);
  });

  it('a refused write (an anonymous POST to a missing path) leaves the cache as it was', async () => {
    await get('/api/agents?limit=2');
    expect(catalogCacheSize()).toBeGreaterThan(0);
    const before = catalogCacheSize();
    for (const path of ['/api/nope', '/api/agents', '/api/ratings']) {
      const res = await app.request(
        path,
        { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' }, body: '{}' },
        cached,
      );
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    expect(catalogCacheSize()).toBe(before);
    expect((await get('/api/agents?limit=2')).headers.get('X-Cache')).toBe('hit');
  });
});
