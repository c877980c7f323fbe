// Provider mode (docs/product.md#provider) against a loopback stand-in speaking the provider's wire format
// (./stand-in.ts, started by vitest.worker.config.ts in Node). The worker is called with
// PROVIDER_* added to its environment; every other test keeps the built-in catalogue.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { SESSION_COOKIE } from '#common/constants.ts';
import type { SessionUser } from '#common/types.ts';
import { MESSAGES } from '#common/validation.ts';
import { app } from '#worker/app.ts';
import type { Bindings } from '#worker/env.ts';
import {
  clientWith,
  createUser,
  db,
  messageOf,
  okBody,
  seedCatalog,
  signIn,
  untypedBody,
} from '#worker/test/fixtures.ts';
import { clearProviderCache } from '#worker/features/agents/provider-catalog.ts';
import { stableId } from './map';
import { INVALID_RESPONSE_FORMAT } from './sign-in';
import { STAND_IN_PASSWORD, type RecordedRequest } from './stand-in';

const BASE = inject('providerBase');
const providerEnv = (product = 'acme', extra: Partial<Bindings> = {}): Bindings => ({
  ...env,
  PROVIDER_BASE_URL: BASE,
  PROVIDER_PRODUCT: product,
  ...extra,
});

/** Calls the worker as a same-origin browser would, with the given environment. */
function send(
  path: string,
  init: { bindings?: Bindings; cookie?: string; json?: unknown; method?: string; key?: string } = {},
) {
  const headers = new Headers();
  if (init.cookie) headers.set('Cookie', init.cookie);
  if (init.key) headers.set('Idempotency-Key', init.key);
  const method = init.method ?? (init.json === undefined ? 'GET' : 'POST');
  if (method !== 'GET') headers.set('Origin', 'http://localhost');
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  return app.fetch(new Request(`http://localhost${path}`, { method, headers, body }), init.bindings ?? providerEnv());
}

const setCookies = (res: Response): string[] => (res.headers as unknown as { getSetCookie(): string[] }).getSetCookie();
const sessionCookie = (res: Response) =>
  setCookies(res)
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
    ?.split(';')[0];

async function received(path?: string): Promise<RecordedRequest[]> {
  const all = (await (await fetch(`${BASE}/__requests`)).json()) as RecordedRequest[];
  return path ? all.filter((r) => r.path === path) : all;
}

let counter = 0;
const freshEmail = (prefix = 'p') => `${prefix}${Date.now().toString(36)}${counter++}@example.com`;

async function providerLogin(email = freshEmail()) {
  const res = await send('/api/auth/login', { json: { username: email, password: STAND_IN_PASSWORD } });
  expect(res.status).toBe(200);
  return { res, email, cookie: sessionCookie(res)!, user: await untypedBody.sessionUser(res) };
}

const ALPHA = stableId('hoa-alpha');
const FAILING = stableId('hoa-fail');

beforeAll(async () => {
  await seedCatalog();
  // A creator's own agent in category 2, besides seedCatalog's agents 1 (creator 1), 2 (none), 3 (creator 2).
  await db()
    .prepare(
      `INSERT INTO agents (id, name, description, category_id, department_id, creator_id, average_rating, vote_count, credit_cost, created_at)
       VALUES (10, 'Budget Buddy', 'Keeps small-business budgets on track.', 2, 2, 2, 4, 3, 5, '2026-04-01T00:00:00.000Z')`,
    )
    .run();
});

beforeEach(() => clearProviderCache());

describe('listing in provider mode', () => {
  it('maps the provider records (docs/product.md#data) and merges creators\u2019 agents after them', async () => {
    const res = await clientWith(providerEnv()).agents.$get({ query: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe('6');
    const agents = await okBody(res);
    // Provider agents first in their order; D1 agent 3 is replaced by the provider's id 3; agent 2 has no creator.
    expect(agents.map((a) => a.id)).toEqual([ALPHA, 4242, 3, FAILING, 10, 1]);
    expect(agents.find((a) => a.id === 3)!.name).toBe('Provider Three');
    const alpha = agents[0]!;
    expect(alpha).toMatchObject({
      hoaId: 'hoa-alpha',
      name: 'Alpha Writer',
      description: 'Drafts marketing copy from a brief.',
      features: ['Tone control', 'SEO hints'],
      videoUrl: 'https://video.example/alpha',
      imageUrl: 'https://img.example/alpha.png',
      externalUrl: 'https://agents.example/alpha',
      categoryId: 1,
      departmentId: 1,
      creatorId: 1,
      averageRating: 0,
      voteCount: 0,
      isFeatured: false,
      isTrending: false,
      isPremium: false,
      credits: 4,
      creditCost: 4,
      businessDepartment: 'Marketing Ops',
      businessCategory: 'Content Creation',
    });
    expect(Date.parse(alpha.createdAt)).not.toBeNaN();
    expect(agents[1]).toMatchObject({
      id: 4242,
      hoaId: null,
      name: 'Numeric Navigator',
      features: [],
      imageUrl: 'https://img.example/nav.png',
      externalUrl: 'https://agents.example/nav',
      credits: 9,
      creditCost: 9,
    });
    expect(ALPHA).toBeGreaterThan(0);
    expect(ALPHA).toBeLessThan(2 ** 31);
    const calls = await received('/acme/listAll');
    expect(calls.at(-1)?.body).toEqual({});
  });

  it('filters, sorts and pages in memory like the D1 path', async () => {
    const agents = clientWith(providerEnv()).agents;
    const ids = (list: { id: number }[]) => list.map((a) => a.id);
    expect(ids(await okBody(await agents.$get({ query: { q: 'writer' } })))).toEqual([ALPHA]);
    expect(ids(await okBody(await agents.search.$get({ query: { q: 'content creation' } })))).toEqual([ALPHA]);
    expect(ids(await okBody(await agents.search.$get({ query: { q: 'marketing ops' } })))).toEqual([ALPHA]);
    expect(ids(await okBody(await agents.$get({ query: { q: '"*(' } })))).toEqual([]);
    expect(ids(await okBody(await agents.$get({ query: { categoryId: '2' } })))).toEqual([10]);
    expect(
      ids(await okBody(await agents.category[':categoryId'].$get({ param: { categoryId: '2' }, query: {} }))),
    ).toEqual([10]);
    expect(ids(await okBody(await agents.creator[':userId'].$get({ param: { userId: '2' }, query: {} })))).toEqual([
      10,
    ]);
    expect(ids(await okBody(await agents.$get({ query: { departmentId: '2' } })))).toEqual([10]);
    // Damped (docs/decisions/0025, worker/features/agents/ranking.ts): agent 1 (4.5 from 10) leads; 10 (4.0 from 3) sits below the prior.
    const rated = ids(await okBody(await agents.$get({ query: { sort: 'highest-rated' } })));
    expect(rated[0]).toBe(1);
    expect(rated.at(-1)).toBe(10);
    expect(ids(await okBody(await agents.$get({ query: { sort: 'most-votes' } }))).slice(0, 2)).toEqual([1, 10]);
    const page = await agents.$get({ query: { limit: '2', offset: '1' } });
    expect(page.headers.get('X-Total-Count')).toBe('6');
    expect((await okBody(page)).map((a) => a.id)).toEqual([4242, 3]);
  });

  it('serves one agent from the provider or from a creator, and empty ratings for provider agents', async () => {
    const agent = (id: number) => clientWith(providerEnv()).agents[':id'].$get({ param: { id: String(id) } });
    expect((await okBody(await agent(ALPHA))).name).toBe('Alpha Writer');
    expect((await okBody(await agent(10))).name).toBe('Budget Buddy');
    expect((await send('/api/agents/2')).status).toBe(404);
    const ratings = await send(`/api/agents/${ALPHA}/ratings`);
    expect(ratings.status).toBe(200);
    expect(await ratings.json()).toEqual([]);
  });

  it('caches the listing for 5 minutes: a second list makes no second listAll call', async () => {
    const bindings = providerEnv('cache-check');
    expect((await send('/api/agents', { bindings })).status).toBe(200);
    expect((await send('/api/agents?sort=newest', { bindings })).status).toBe(200);
    expect((await send(`/api/agents/${ALPHA}`, { bindings })).status).toBe(200);
    expect(await received('/cache-check/listAll')).toHaveLength(1);
  });

  it("answers 502 'External API error: {status}' when the provider fails or is unreachable", async () => {
    const broken = await send('/api/agents', { bindings: providerEnv('broken') });
    expect(broken.status).toBe(502);
    expect(await broken.json()).toEqual({ message: 'External API error: 500', error: 'External API error: 500' });
    // Failures are not cached.
    await send('/api/agents', { bindings: providerEnv('broken') });
    expect(await received('/broken/listAll')).toHaveLength(2);
    const down = await send('/api/agents', { bindings: { ...providerEnv(), PROVIDER_BASE_URL: 'http://127.0.0.1:1' } });
    expect(down.status).toBe(502);
    expect(await messageOf(down)).toBe('External API error: 503');
  });

  it('leaves the built-in catalogue alone when provider mode is off', async () => {
    const ids = (await okBody(await clientWith(env).agents.$get({ query: {} }))).map((a) => a.id);
    expect(ids).toContain(2);
    expect(ids).not.toContain(ALPHA);
    expect(
      (await send('/api/auth/external-login', { bindings: env, json: { email: 'a@example.com', password: 'x' } }))
        .status,
    ).toBe(404);
  });
});

describe('sign-in in provider mode', () => {
  it('signs in at the provider and keeps the tokens server-side only', async () => {
    const email = freshEmail();
    const res = await send('/api/auth/login', { json: { username: email, password: STAND_IN_PASSWORD } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('key-');
    expect(text).not.toContain('b_k');
    const user = JSON.parse(text) as SessionUser;
    expect(user.email).toBe(email);
    expect(user.username).toBe(email.split('@')[0]);
    expect(setCookies(res).join('\n')).not.toContain('key-');
    const cookie = sessionCookie(res)!;
    expect(cookie).toBeTruthy();
    const stored = await db()
      .prepare('SELECT provider_data FROM sessions WHERE user_id = ?')
      .bind(user.id)
      .first<{ provider_data: string }>();
    expect(JSON.parse(stored!.provider_data)).toEqual({
      b_k: `key-${email}`,
      b_i: `biz-${email}`,
      u_i: `u-${email}`,
      b_cb_id: 77,
    });
    const login = (await received('/user/login')).at(-1)!;
    expect(login.body).toEqual({ email, password: STAND_IN_PASSWORD });
    // The session works, and a second sign-in finds the same local account.
    expect((await okBody(await clientWith(providerEnv(), cookie).auth.session.$get())).id).toBe(user.id);
    expect((await providerLogin(email)).user.id).toBe(user.id);
  });

  it('refuses a wrong password with 401 and a token-less answer with the format message', async () => {
    const wrong = await send('/api/auth/login', { json: { username: freshEmail(), password: 'wrong-password' } });
    expect(wrong.status).toBe(401);
    expect(await messageOf(wrong)).toBe(MESSAGES.invalidCredentials);
    expect(sessionCookie(wrong)).toBeUndefined();
    const noTokens = await send('/api/auth/login', {
      json: { username: freshEmail('no-tokens'), password: STAND_IN_PASSWORD },
    });
    expect(noTokens.status).toBe(401);
    expect(await messageOf(noTokens)).toBe(INVALID_RESPONSE_FORMAT);
    const down = await send('/api/auth/login', { json: { username: freshEmail(), password: 'provider-down' } });
    expect(down.status).toBe(502);
  });

  it('makes a taken username unique and honours PROVIDER_LOGIN_PATH', async () => {
    const taken = await createUser({ username: `dup${counter++}` });
    const email = `${taken.username}@other.example`;
    const res = await send('/api/auth/login', {
      bindings: providerEnv('acme', { PROVIDER_LOGIN_PATH: '/custom/login' }),
      json: { username: email, password: STAND_IN_PASSWORD },
    });
    expect(res.status).toBe(200);
    const user = await untypedBody.sessionUser(res);
    expect(user.id).not.toBe(taken.id);
    expect(user.username).toMatch(new RegExp(`^${taken.username}-\\d{4}$`));
    expect((await received('/custom/login')).at(-1)?.body).toMatchObject({ email });
  });

  it('POST /api/auth/external-login does the same provider sign-in', async () => {
    const email = freshEmail('ext');
    const res = await send('/api/auth/external-login', { json: { email, password: STAND_IN_PASSWORD } });
    expect(res.status).toBe(200);
    expect((await untypedBody.sessionUser(res)).email).toBe(email);
    expect(sessionCookie(res)).toBeTruthy();
    const wrong = await send('/api/auth/external-login', { json: { email, password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect((await send('/api/auth/external-login', { json: { email: 'not-an-email', password: 'x' } })).status).toBe(
      400,
    );
  });
});

describe('credits in provider mode', () => {
  it('a try calls countUsage with the session tokens and answers the summary balance', async () => {
    const { cookie, email } = await providerLogin();
    const res = await send(`/api/agents/${ALPHA}/try`, { cookie, method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ balance: 499, consumed: 1, url: 'https://agents.example/alpha' });
    const usage = (await received('/agent/countUsage')).at(-1)!;
    expect(usage.body).toEqual({
      bizid: `biz-${email}`,
      user_id: `u-${email}`,
      hoa_ag_id: 'hoa-alpha',
      customer_id: 77,
    });
    expect(usage.authorization).toBe(`Bearer key-${email}`);
    const summary = (await received('/agent/usage/summary')).at(-1)!;
    expect(summary.body).toEqual({ bizid: `biz-${email}` });
    expect(summary.authorization).toBe(`Bearer key-${email}`);
    // A numeric provider id is sent as the id itself.
    expect((await send('/api/agents/4242/try', { cookie, method: 'POST' })).status).toBe(200);
    expect((await received('/agent/countUsage')).at(-1)!.body).toMatchObject({ hoa_ag_id: 4242 });
    const before = (await received('/agent/countUsage')).length;
    const badKey = await app.fetch(
      new Request(`http://localhost/api/agents/${ALPHA}/try`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: 'http://localhost', 'Idempotency-Key': 'bad key!' },
      }),
      providerEnv(),
    );
    expect(badKey.status).toBe(400);
    expect(await received('/agent/countUsage')).toHaveLength(before);
  });

  it('a replayed Idempotency-Key is counted once at the provider, concurrent or later, and answers the same bytes', async () => {
    const { cookie, email } = await providerLogin();
    const counted = async () =>
      (await received('/agent/countUsage')).filter((r) => r.authorization === `Bearer key-${email}`).length;
    const first = await send(`/api/agents/${ALPHA}/try`, { cookie, method: 'POST', key: 'provider-key-0001' });
    expect(first.status).toBe(200);
    const bytes = await first.text();
    expect(JSON.parse(bytes)).toEqual({ balance: 499, consumed: 1, url: 'https://agents.example/alpha' });
    const again = await send(`/api/agents/${ALPHA}/try`, { cookie, method: 'POST', key: 'provider-key-0001' });
    expect(await again.text()).toBe(bytes);
    const looked = await send(`/api/agents/${ALPHA}/try/provider-key-0001`, { cookie });
    expect(await looked.text()).toBe(bytes);
    expect(await counted()).toBe(1);

    const together = await Promise.all(
      [1, 2, 3].map(() => send(`/api/agents/${ALPHA}/try`, { cookie, method: 'POST', key: 'provider-key-0002' })),
    );
    const texts = await Promise.all(together.map((r) => r.text()));
    expect(together.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(texts).size).toBe(1);
    expect(await counted()).toBe(2);
    // A new key is a new try.
    expect(
      await (await send(`/api/agents/${ALPHA}/try`, { cookie, method: 'POST', key: 'provider-key-0003' })).json(),
    ).toMatchObject({ balance: 497 });
    expect(await counted()).toBe(3);
  });

  it('a try counted whose summary then failed is not counted again when retried with its key', async () => {
    const { cookie, email } = await providerLogin(freshEmail('down'));
    const counted = async () =>
      (await received('/agent/countUsage')).filter((r) => r.authorization === `Bearer key-${email}`).length;
    const failed = await send(`/api/agents/${ALPHA}/try`, { cookie, method: 'POST', key: 'down-key-0001' });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ message: 'External API error: 500' });
    expect(await counted()).toBe(1);
    expect((await send(`/api/agents/${ALPHA}/try`, { cookie, method: 'POST', key: 'down-key-0001' })).status).toBe(502);
    expect((await send(`/api/agents/${ALPHA}/try/down-key-0001`, { cookie })).status).toBe(502);
    expect(await counted()).toBe(1);
    // A refused count (countUsage 500) frees its key: the retry is counted for real.
    const { cookie: other } = await providerLogin();
    expect(
      (await send(`/api/agents/${FAILING}/try`, { cookie: other, method: 'POST', key: 'fail-key-0001' })).status,
    ).toBe(502);
    expect((await send(`/api/agents/${FAILING}/try/fail-key-0001`, { cookie: other })).status).toBe(404);
  });

  it("answers 502 'CountUsage API failed: {status}' when the provider refuses the usage", async () => {
    const { cookie } = await providerLogin();
    const res = await send(`/api/agents/${FAILING}/try`, { cookie, method: 'POST' });
    expect(res.status).toBe(502);
    expect(await messageOf(res)).toBe('CountUsage API failed: 500');
  });

  it('refuses a provider try from a session without provider tokens', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const res = await send(`/api/agents/${ALPHA}/try`, { cookie, method: 'POST' });
    expect(res.status).toBe(401);
    expect(await messageOf(res)).toBe(MESSAGES.missingTokens);
  });

  it('a creator\u2019s own agent keeps the D1 ledger path', async () => {
    const { cookie } = await providerLogin();
    const before = (await received('/agent/countUsage')).length;
    const res = await send('/api/agents/10/try', { cookie, method: 'POST' });
    expect(res.status).toBe(200);
    // Sign-up grant 100 minus agent 10's cost of 5, from our ledger.
    expect(await res.json()).toMatchObject({ balance: 95, consumed: 5 });
    expect(await received('/agent/countUsage')).toHaveLength(before);
  });

  it('GET /api/credits/balance reads the usage summary when the session has tokens', async () => {
    const { cookie } = await providerLogin();
    expect(await (await send('/api/credits/balance', { cookie })).json()).toEqual({ balance: 500, consumed: 0 });
    const top = await providerLogin(freshEmail('top'));
    expect(await (await send('/api/credits/balance', { cookie: top.cookie })).json()).toEqual({
      balance: 77,
      consumed: 0,
    });
    const down = await providerLogin(freshEmail('down'));
    const failed = await send('/api/credits/balance', { cookie: down.cookie });
    expect(failed.status).toBe(502);
    expect(await messageOf(failed)).toBe('External API error: 500');
    // Without provider tokens the ledger balance is used.
    const local = await createUser({ credits: 42 });
    expect(await (await send('/api/credits/balance', { cookie: await signIn(local.id) })).json()).toEqual({
      balance: 42,
      consumed: 0,
    });
  });
});

describe('crawlable pages in provider mode', () => {
  it('/saved draws the agents the cookie names as the catalogue answers them: the provider’s, then creators’', async () => {
    // 2 is a seeded agent with no creator: provider mode hides it, so the page leaves it out too.
    const res = await send('/saved', { cookie: `saved-agents=${ALPHA}.10.2` });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`data-saved-ids="${ALPHA} 10"`);
    expect(html.indexOf('Alpha Writer')).toBeLessThan(html.indexOf('Budget Buddy'));
    expect(html).not.toContain('LedgerLens');
  });

  it('the sitemap lists the provider’s agents beside our own', async () => {
    const res = await send('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('/agents/4242</loc>');
  });

  it('still lists our own agents when the provider is down', async () => {
    const res = await send('/sitemap.xml', { bindings: providerEnv('broken') });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<urlset');
  });
});
