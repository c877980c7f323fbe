import { beforeAll, describe, expect, it } from 'vitest';
import { CREATOR_MESSAGES } from '#common/creators.ts';
import {
  call,
  client,
  createUser,
  db,
  htmlPage as page,
  messageOf,
  okBody,
  seedCatalog,
  signIn,
} from '#worker/test/fixtures.ts';

beforeAll(async () => {
  await seedCatalog();
  // alice (1) made LeadScout Pro (4.5 from 10 reviews); a second agent of hers, unreviewed, and two tries of the first.
  await db().batch([
    db().prepare(
      "UPDATE users SET display_name = 'Alice Ames', bio = 'Builds sales agents.', website = 'https://alice.example', role = 'staff', credits = 77 WHERE id = 1",
    ),
    db().prepare(
      `INSERT INTO agents (id, name, description, category_id, department_id, creator_id, average_rating, vote_count, created_at)
       VALUES (4, 'PipelinePal', 'Keeps the sales pipeline tidy every morning.', 1, 1, 1, 0, 0, '2026-05-01T00:00:00.000Z')`,
    ),
    db().prepare(
      `INSERT INTO credit_ledger (user_id, kind, amount, balance_after, reference, idempotency_key) VALUES
       (2, 'try', -7, 93, 'agent:1', 'try-a'), (2, 'try', -7, 86, 'agent:1', 'try-b'), (2, 'try', -25, 61, 'agent:3', 'try-c')`,
    ),
  ]);
});

const creatorPage = async (username: string, query: { sort?: string } = {}) => {
  // The route reads `sort` without declaring it (no query validator), so the client's type does not
  // list it; hc still sends it.
  const args = { param: { username }, query };
  return okBody(await client().creators[':username'].$get(args));
};
const PRIVATE = [
  'email',
  'role',
  'credits',
  'consumed',
  'password',
  'passwordHash',
  'password_hash',
  'googleId',
  'stripeCustomerId',
  'emailVerified',
];

describe('GET /api/creators/:username', () => {
  it('is the public profile, totals and every agent, without a single private field', async () => {
    const res = await client().creators[':username'].$get({ param: { username: 'alice' }, query: {} });
    expect(res.status).toBe(200);
    const page = await okBody(res);
    expect(page.creator).toEqual({
      id: 1,
      username: 'alice',
      displayName: 'Alice Ames',
      bio: 'Builds sales agents.',
      website: 'https://alice.example',
      profilePicture: null,
      createdAt: expect.any(String),
    });
    for (const field of PRIVATE) expect(Object.keys(page.creator)).not.toContain(field);
    expect(JSON.stringify(page)).not.toContain('alice@example.com');
    expect(page.agents.map((a) => a.name)).toEqual(['LeadScout Pro', 'PipelinePal']);
    expect(page.totals).toMatchObject({ agents: 2, tries: 2, reviews: 10, followers: 0 });
    // Damped as docs/decisions/0028 says: (10 x 4.5 + 5 x prior) / 15, the prior the mean of rated agents (4.5, 5, 3 → 4.1667).
    expect(page.totals.rating).toBeCloseTo((45 + 5 * (12.5 / 3)) / 15, 2);
  });

  it('sorts the agents as asked, finds the name in any case, and 404s a name nobody has', async () => {
    const newest = await creatorPage('ALICE', { sort: 'newest' });
    expect(newest.agents.map((a) => a.name)).toEqual(['PipelinePal', 'LeadScout Pro']);
    const res = await call('/api/creators/nobody-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      message: CREATOR_MESSAGES.creatorNotFound,
      error: CREATOR_MESSAGES.creatorNotFound,
    });
  });

  it('a creator without reviews has no rating rather than 0', async () => {
    const quiet = await createUser({ username: 'quiet_quinn' });
    const page = await creatorPage(quiet.username);
    expect(page.totals).toEqual({ agents: 0, tries: 0, rating: null, reviews: 0, followers: 0 });
    expect(page.agents).toEqual([]);
  });
});

describe('GET /api/users/:id and PUT /api/users/:id/public-profile', () => {
  it('the public profile carries display name, bio and website, never the email', async () => {
    const body = await okBody(await client().users[':id'].$get({ param: { id: '1' } }));
    expect(body).toMatchObject({
      id: 1,
      username: 'alice',
      displayName: 'Alice Ames',
      bio: 'Builds sales agents.',
      website: 'https://alice.example',
    });
    for (const field of PRIVATE) expect(Object.keys(body)).not.toContain(field);
  });

  it('the owner edits it; blanks clear fields; bad input is a 400 with the message; others 403; visitors 401', async () => {
    const me = await createUser({ username: 'editing_eve' });
    const cookie = await signIn(me.id);
    const put = (json: unknown, who = cookie, id = me.id) =>
      call(`/api/users/${id}/public-profile`, { method: 'PUT', json, cookie: who });
    const ok = await put({
      displayName: '  Eve E.  ',
      bio: 'I make research agents.',
      website: ' https://eve.example/ ',
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      displayName: 'Eve E.',
      bio: 'I make research agents.',
      website: 'https://eve.example/',
    });
    expect(await (await put({ displayName: '', bio: '  ', website: null })).json()).toMatchObject({
      displayName: null,
      bio: null,
      website: null,
    });

    const long = await put({ bio: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(await messageOf(long)).toBe(CREATOR_MESSAGES.bioMax);
    expect((await put({ bio: 'x'.repeat(500) })).status).toBe(200);
    const badUrl = await put({ website: 'javascript:alert(1)' });
    expect(badUrl.status).toBe(400);
    expect(await messageOf(badUrl)).toBe(CREATOR_MESSAGES.website);

    expect((await put({ bio: 'hijack' }, cookie, 1)).status).toBe(403);
    expect((await call(`/api/users/${me.id}/public-profile`, { method: 'PUT', json: { bio: 'x' } })).status).toBe(401);
    expect((await put({ bio: 'x' }, cookie, 0)).status).toBe(404);
    expect(await (await call('/api/users/1')).json()).toMatchObject({ bio: 'Builds sales agents.' });
  });
});

describe('follows', () => {
  it('need a session', async () => {
    expect((await call('/api/follows/1', { method: 'PUT' })).status).toBe(401);
    expect((await call('/api/follows/1', { method: 'DELETE' })).status).toBe(401);
    expect((await call('/api/follows')).status).toBe(401);
    expect((await call('/api/follows/agents')).status).toBe(401);
    expect(await (await call('/api/creators/alice/follow')).json()).toEqual({ following: false, followers: 0 });
  });

  it('follow is idempotent (a double tap is one follow), unfollow too; the count follows', async () => {
    const fan = await createUser({ username: 'fan_fiona', verified: true });
    const cookie = await signIn(fan.id);
    const follow = () => client(cookie).follows[':creatorId'].$put({ param: { creatorId: '1' } });
    const [first, second] = await Promise.all([follow(), follow()]);
    expect(await okBody(first)).toEqual({ following: true, followers: 1 });
    expect(await okBody(second)).toEqual({ following: true, followers: 1 });
    expect(await (await call('/api/follows/1', { method: 'PUT', cookie })).json()).toEqual({
      following: true,
      followers: 1,
    });
    expect(await (await call('/api/creators/alice/follow', { cookie })).json()).toEqual({
      following: true,
      followers: 1,
    });
    expect((await creatorPage('alice')).totals.followers).toBe(1);

    const list = await okBody(await client(cookie).follows.$get());
    expect(list.map((c) => c.username)).toEqual(['alice']);
    expect(JSON.stringify(list)).not.toContain('@example.com');
    const fresh = await okBody(await client(cookie).follows.agents.$get());
    expect(fresh.map((a) => a.name)).toEqual(['PipelinePal', 'LeadScout Pro']);

    expect(await (await call('/api/follows/1', { method: 'DELETE', cookie })).json()).toEqual({
      following: false,
      followers: 0,
    });
    expect(await (await call('/api/follows/1', { method: 'DELETE', cookie })).json()).toEqual({
      following: false,
      followers: 0,
    });
    expect(await (await call('/api/follows', { cookie })).json()).toEqual([]);
    expect(await (await call('/api/follows/agents', { cookie })).json()).toEqual([]);
  });

  it('nobody follows themselves or someone who does not exist', async () => {
    const cookie = await signIn(1);
    const self = await call('/api/follows/1', { method: 'PUT', cookie });
    expect(self.status).toBe(400);
    expect(await messageOf(self)).toBe(CREATOR_MESSAGES.followSelf);
    expect((await call('/api/follows/99999', { method: 'PUT', cookie })).status).toBe(404);
    expect((await call('/api/follows/abc', { method: 'PUT', cookie })).status).toBe(404);
    expect((await call('/api/creators/nobody-here/follow')).status).toBe(404);
  });
});

describe('the creator page and the agent page, rendered by the worker', () => {
  it('/creators/{username}: the agents in the HTML, canonical, Person JSON-LD, no email', async () => {
    const { res, html } = await page('/creators/alice');
    expect(res.status).toBe(200);
    expect(html).toContain('LeadScout Pro');
    expect(html).toContain('PipelinePal');
    expect(html).toMatch(/<h1[^>]*>Alice Ames<\/h1>/);
    expect(html).toContain('Builds sales agents.');
    expect(html).toContain('rel="nofollow ugc noopener"');
    expect(html).toContain('<link rel="canonical" href="http://localhost/creators/alice" />');
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!) as {
      mainEntity: Record<string, unknown>;
    };
    expect(ld.mainEntity).toMatchObject({
      '@type': 'Person',
      name: 'Alice Ames',
      alternateName: 'alice',
      description: 'Builds sales agents.',
    });
    expect(html).not.toContain('alice@example.com');
  });

  it('an unknown username is the Not Found page with status 404', async () => {
    const { res, html } = await page('/creators/nobody-here');
    expect(res.status).toBe(404);
    expect(html).toContain('Page Not Found');
    expect(html).toContain('noindex');
  });

  it("an agent page links its creator and shows 'More from this creator'", async () => {
    const { html } = await page('/agents/1');
    expect(html).toContain('href="/creators/alice"');
    expect(html).toContain('More from this creator');
    expect(html).toContain('PipelinePal');
  });

  it('the sitemap lists creators with agents', async () => {
    const xml = await (await call('/sitemap.xml')).text();
    expect(xml).toContain('<loc>http://localhost/creators/alice</loc>');
    expect(xml).toContain('<loc>http://localhost/creators/bob</loc>');
    expect(xml).not.toContain('/creators/quiet_quinn');
  });
});
