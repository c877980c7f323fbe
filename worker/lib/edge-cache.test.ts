// The edge cache (docs/decisions/0046, 0051): visitors' pages and catalogue reads kept in the data
// centre's cache under the catalogue's version, and an agent's answers under its own too; a write that
// changes them makes new keys; nothing personal kept.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { app } from '#worker/app.ts';
import { browserRequest, countOf, createUser, db, insertAgents, seedCatalog, signIn } from '#worker/test/fixtures.ts';
import { pageViewsQueue } from '#worker/test/page-views.ts';
import { changesVisitorsReads, clearCatalogCache } from './catalog-cache';
import { catalogVersion } from './catalog-version';
import { edgeCacheSeconds } from './cache-seconds';

// Page views kept in the test (docs/decisions/0047): `views` delivers what was sent, then counts.
const pageViews = pageViewsQueue();
const edged = { ...pageViews.bindings, EDGE_CACHE_SECONDS: '60' };

/** The whole app on `bindings`, with the cache writes it leaves for after the answer done. */
async function ask(
  path: string,
  init: Parameters<typeof browserRequest>[1] = {},
  bindings: typeof env = edged,
): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(browserRequest(path, init), bindings, ctx);
  const body = await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(body, res);
}

const rename = (id: number, name: string) =>
  db().prepare('UPDATE agents SET name = ? WHERE id = ?').bind(name, id).run();
const views = async (id: number) => {
  await pageViews.deliver();
  return countOf('SELECT coalesce(sum(views), 0) AS n FROM agent_views WHERE agent_id = ?', id);
};

describe('edge cache', () => {
  beforeAll(seedCatalog);
  // The isolate's own cache is off in tests; cleared all the same, so only the edge cache answers.
  beforeEach(clearCatalogCache);

  it("keeps a visitor's catalogue read until a write that changes it makes a new version", async () => {
    const creator = await createUser();
    await insertAgents({ id: 470, name: 'EdgeFirst', creator_id: creator.id });
    const first = await ask('/api/agents/470');
    expect(first.headers.get('X-Edge-Cache')).toBe('miss');
    expect(((await first.json()) as { name: string }).name).toBe('EdgeFirst');

    // Changed behind the cache (no version bump): the kept copy is still served, its headers as given.
    await rename(470, 'EdgeBehind');
    const second = await ask('/api/agents/470');
    expect(second.headers.get('X-Edge-Cache')).toBe('hit');
    expect(second.headers.get('Cache-Control')).toBe(first.headers.get('Cache-Control'));
    expect(second.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(((await second.json()) as { name: string }).name).toBe('EdgeFirst');

    // The creator's edit through the API bumps the version: the next visitor reads the new name.
    const before = await catalogVersion(db());
    const cookie = await signIn(creator.id);
    const edited = await ask('/api/agents/470', {
      method: 'PUT',
      cookie,
      json: { name: 'EdgeEdited', description: 'Edited through the API.', categoryId: 1, creditCost: 3 },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(await catalogVersion(db())).toBe(before + 1);
    const third = await ask('/api/agents/470');
    expect(third.headers.get('X-Edge-Cache')).toBe('miss');
    expect(((await third.json()) as { name: string }).name).toBe('EdgeEdited');
  });

  it('never keeps nor serves what is personal: a signed-in read, a token, /saved drawn from a cookie', async () => {
    await insertAgents({ id: 471, name: 'EdgePersonal' });
    await ask('/api/agents/471');
    await rename(471, 'EdgePersonalRenamed');
    const cookie = await signIn((await createUser()).id);
    const signedIn = await ask('/api/agents/471', { cookie });
    expect(signedIn.headers.get('X-Edge-Cache')).toBeNull();
    expect(((await signedIn.json()) as { name: string }).name).toBe('EdgePersonalRenamed');
    const token = await ask('/api/agents/471', { headers: { Authorization: 'Bearer am_no_such_token' } });
    expect(token.headers.get('X-Edge-Cache')).toBeNull();

    // A signed-in page is the person's: not kept, so a visitor after them gets a visitor's page.
    const page = await ask('/agents/471', { cookie, headers: { Accept: 'text/html' } });
    expect(page.headers.get('X-Edge-Cache')).toBeNull();
    expect(page.headers.get('Cache-Control')).toBe('private, no-store');

    const saved = await ask('/saved', { cookie: 'saved-agents=471', headers: { Accept: 'text/html' } });
    expect(saved.headers.get('X-Edge-Cache')).toBeNull();
    expect(await saved.text()).toContain('EdgePersonalRenamed');
  });

  it("keeps a visitor's agent page, and still counts each view served from it", async () => {
    await insertAgents({ id: 472, name: 'EdgePage' });
    const navigation = { headers: { Accept: 'text/html', 'Sec-Fetch-Dest': 'document' } };
    const first = await ask('/agents/472', navigation);
    expect(first.headers.get('X-Edge-Cache')).toBe('miss');
    expect(first.headers.get('Cache-Control')).toBe('no-cache');
    expect(first.headers.get('Vary')).toBe('Cookie');
    await rename(472, 'EdgePageBehind');
    const second = await ask('/agents/472', navigation);
    expect(second.headers.get('X-Edge-Cache')).toBe('hit');
    expect(second.headers.get('Cache-Control')).toBe('no-cache');
    expect(second.headers.get('Vary')).toBe('Cookie');
    expect(await second.text()).toContain('EdgePage');
    expect(await views(472)).toBe(2);

    // A fetch of the HTML (no navigation) says the page counts its own view: another copy.
    const fetched = await ask('/agents/472', { headers: { Accept: 'text/html' } });
    expect(fetched.headers.get('X-Edge-Cache')).toBe('miss');
    expect(await views(472)).toBe(2);
  });

  it('a review makes new keys for its agent only: its page and reviews at once, lists in their minute', async () => {
    const creator = await createUser();
    await insertAgents({ id: 480, name: 'EdgeReviewed', creator_id: creator.id }, { id: 481, name: 'EdgeNeighbour' });
    const navigation = { headers: { Accept: 'text/html', 'Sec-Fetch-Dest': 'document' } };
    const list = '/api/agents?sort=newest&limit=100';
    const answers = ['/api/agents/480', '/api/agents/480/ratings?limit=10', '/agents/480', '/api/agents/481', list];
    const askAll = async () =>
      Promise.all(answers.map((path) => ask(path, path.startsWith('/agents/') ? navigation : {})));
    expect((await askAll()).map((r) => r.headers.get('X-Edge-Cache'))).toEqual(Array(5).fill('miss'));
    expect((await askAll()).map((r) => r.headers.get('X-Edge-Cache'))).toEqual(Array(5).fill('hit'));

    const catalogue = await catalogVersion(db());
    const reviewer = await signIn((await createUser({ verified: true })).id);
    const posted = await ask('/api/ratings', {
      method: 'POST',
      cookie: reviewer,
      json: { agentId: 480, rating: 4, comment: 'Seen by the next visitor at once.' },
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const review = (await posted.json()) as { id: number };
    // Not the whole catalogue's: every other answer stays kept.
    expect(await catalogVersion(db())).toBe(catalogue);

    const [detail, reviews, page, neighbour, listed] = await askAll();
    expect(detail!.headers.get('X-Edge-Cache')).toBe('miss');
    expect(await detail!.json()).toMatchObject({ voteCount: 1, averageRating: 4 });
    expect(reviews!.headers.get('X-Edge-Cache')).toBe('miss');
    expect(await reviews!.text()).toContain('Seen by the next visitor at once.');
    expect(page!.headers.get('X-Edge-Cache')).toBe('miss');
    expect(await page!.text()).toContain('Seen by the next visitor at once.');
    expect(neighbour!.headers.get('X-Edge-Cache')).toBe('hit');
    // The list keeps its copy for its minute: the agent's count there lags, as usage figures do.
    expect(listed!.headers.get('X-Edge-Cache')).toBe('hit');
    const card = ((await listed!.json()) as { id: number; voteCount: number }[]).find((a) => a.id === 480);
    expect(card?.voteCount).toBe(0);

    // The creator's reply, and a moderator hiding the review: each new for that agent again.
    const replied = await ask(`/api/ratings/${review.id}/reply`, {
      method: 'PUT',
      cookie: await signIn(creator.id),
      json: { body: 'Thanks for trying it.' },
    });
    expect(replied.status).toBe(201);
    const afterReply = await ask('/api/agents/480/ratings?limit=10');
    expect(afterReply.headers.get('X-Edge-Cache')).toBe('miss');
    expect(await afterReply.text()).toContain('Thanks for trying it.');
    const staff = await signIn((await createUser({ role: 'staff' })).id);
    const hidden = await ask(`/api/moderation/review/${review.id}`, {
      method: 'POST',
      cookie: staff,
      json: { action: 'hide' },
    });
    expect(hidden.status, await hidden.clone().text()).toBe(200);
    const afterHide = await ask('/api/agents/480');
    expect(afterHide.headers.get('X-Edge-Cache')).toBe('miss');
    expect(await afterHide.json()).toMatchObject({ voteCount: 0 });
    expect(await catalogVersion(db())).toBe(catalogue);
    expect((await ask('/api/agents/481')).headers.get('X-Edge-Cache')).toBe('hit');
  });

  it('is off unless EDGE_CACHE_SECONDS says how long; a try does not bump the version', async () => {
    expect(edgeCacheSeconds(env)).toBe(0);
    expect(edgeCacheSeconds({ ...env, EDGE_CACHE_SECONDS: 'soon' })).toBe(0);
    expect((await ask('/api/agents/1', {}, env)).headers.get('X-Edge-Cache')).toBeNull();

    expect(changesVisitorsReads('PUT', '/api/agents/3')).toBe(true);
    expect(changesVisitorsReads('POST', '/api/moderation/agent/3')).toBe(true);
    // One agent's reviews: that agent's version, bumped by the triggers (docs/decisions/0051).
    expect(changesVisitorsReads('POST', '/api/ratings')).toBe(false);
    expect(changesVisitorsReads('POST', '/api/moderation/review/3')).toBe(false);
    expect(changesVisitorsReads('POST', '/api/agents/3/try')).toBe(false);
    const user = await createUser({ credits: 100 });
    const before = await catalogVersion(db());
    const tried = await ask('/api/agents/1/try', { method: 'POST', cookie: await signIn(user.id) });
    expect(tried.status).toBe(200);
    expect(await catalogVersion(db())).toBe(before);
  });
});
