import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#common/validation.ts';
import { ANONYMOUS_PROPOSALS_PER_HOUR } from '#worker/lib/throttle.ts';
import {
  call,
  callRaw,
  client,
  countOf,
  createUser,
  db,
  messageOf as message,
  okBody,
  signIn,
  visitorProposal as visitor,
} from '#worker/test/fixtures.ts';

let ip = 0;
/** Each call from its own client unless a test names one, so the per-client limit stays out of the way. */
const propose = (json: unknown, init: { cookie?: string; headers?: Record<string, string> } = {}) =>
  call('/api/propose-agent', { json, ...init, headers: { 'CF-Connecting-IP': `10.3.0.${ip++}`, ...init.headers } });
/** A valid proposal through the typed client, from a client of its own: its stored body. */
const proposed = async (json: typeof visitor, headers: Record<string, string> = {}) =>
  client(undefined, { 'CF-Connecting-IP': `10.3.0.${ip++}`, ...headers })['propose-agent'].$post({ json });
const inbox = async (cookie: string, query: { status?: string; limit?: string; offset?: string } = {}) =>
  okBody(await client(cookie).proposals.$get({ query }));
const review = (id: number | string, json: unknown, cookie?: string) =>
  call(`/api/proposals/${id}`, { method: 'PATCH', json, cookie });
const rowCount = (name: string) => countOf('SELECT count(*) AS n FROM proposals WHERE name = ?', name);
const reviewedCount = () => countOf("SELECT count(*) AS n FROM proposals WHERE status = 'reviewed'");

let k = 0;
const key = () => `test-key-${Date.now()}-${k++}`;

describe('POST /api/propose-agent', () => {
  it('stores a visitor proposal with the name and email given', async () => {
    const res = await propose({ ...visitor, proposerEmail: ' Vera@Example.com ' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      id: expect.any(Number),
      name: 'Shift Planner',
      description: 'Plans rota shifts around staff holidays.',
      proposerName: 'Vera',
      proposerEmail: 'vera@example.com',
      userId: null,
      status: 'new',
      createdAt: expect.any(String),
      reviewedAt: null,
    });
  });

  it('answers each visitor rule with the documented message', async () => {
    for (const [patch, expected] of [
      [{ name: '' }, 'Agent name is required'],
      [{ name: '   ' }, 'Agent name is required'],
      [{ name: 42 }, 'Agent name is required'],
      [{ name: 'x'.repeat(101) }, 'Agent name must be less than 100 characters'],
      [{ description: 'short' }, 'Description must be at least 10 characters'],
      [{ description: '   short    ' }, 'Description must be at least 10 characters'],
      [{ description: 'y'.repeat(1001) }, 'Description must be less than 1000 characters'],
      [{ proposerName: '' }, 'Your name is required'],
      [{ proposerName: null }, 'Your name is required'],
      [{ proposerEmail: 'nope' }, 'Please enter a valid email address'],
      [{ proposerEmail: '' }, 'Please enter a valid email address'],
      [{ proposerEmail: ['vera@example.com'] }, 'Please enter a valid email address'],
    ] as const) {
      const res = await propose({ ...visitor, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(await res.json()).toEqual({ message: expected, error: expected });
    }
    // Boundaries: 100 and 1000 characters are accepted.
    expect((await propose({ ...visitor, name: 'n'.repeat(100), description: 'd'.repeat(1000) })).status).toBe(201);
  });

  it('a visitor must give a name and an email even when the keys are left out', async () => {
    const { proposerName: _n, proposerEmail: _e, ...anonymous } = visitor;
    const noName = await propose({ ...anonymous, proposerEmail: 'vera@example.com' });
    expect(noName.status).toBe(400);
    expect(await message(noName)).toBe('Your name is required');
    const noEmail = await propose({ ...anonymous, proposerName: 'Vera' });
    expect(noEmail.status).toBe(400);
    expect(await message(noEmail)).toBe('Please enter a valid email address');
    const nothing = await propose({});
    expect(await message(nothing)).toBe('Agent name is required');
    expect(await rowCount(visitor.name)).toBeLessThanOrEqual(1);
  });

  it('a signed-in user needs neither name nor email: the account supplies them', async () => {
    const user = await createUser({ username: 'idea_ida' });
    const cookie = await signIn(user.id);
    const res = await propose({ name: 'Idea', description: 'A long enough description.' }, { cookie });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      name: 'Idea',
      proposerName: 'idea_ida',
      proposerEmail: user.email,
      userId: user.id,
      status: 'new',
    });
    const blank = await propose(
      { name: 'Blank idea', description: 'A long enough description.', proposerName: '  ', proposerEmail: '' },
      { cookie },
    );
    expect(await blank.json()).toMatchObject({ proposerName: 'idea_ida', proposerEmail: user.email, userId: user.id });
    // Given values win, but are still checked.
    const given = await propose(
      {
        name: 'Given idea',
        description: 'A long enough description.',
        proposerName: 'Ida Team',
        proposerEmail: 'Team@Example.com',
      },
      { cookie },
    );
    expect(await given.json()).toMatchObject({
      proposerName: 'Ida Team',
      proposerEmail: 'team@example.com',
      userId: user.id,
    });
    const bad = await propose(
      { name: 'Bad idea', description: 'A long enough description.', proposerEmail: 'nope' },
      { cookie },
    );
    expect(bad.status).toBe(400);
    expect(await message(bad)).toBe('Please enter a valid email address');
    for (const [patch, expected] of [
      [{ name: '' }, 'Agent name is required'],
      [{ description: 'short' }, 'Description must be at least 10 characters'],
    ] as const) {
      const res = await propose(
        { ...{ name: 'Idea', description: 'A long enough description.' }, ...patch },
        { cookie },
      );
      expect(res.status).toBe(400);
      expect(await message(res)).toBe(expected);
    }
  });

  it('a body cannot pick the userId or the status', async () => {
    const someone = await createUser();
    const res = await propose({ ...visitor, name: 'Forged fields', userId: someone.id, status: 'reviewed', id: 1 });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ userId: null, status: 'new', reviewedAt: null });
  });

  it('one Idempotency-Key stores one proposal and answers the same one', async () => {
    const headers = { 'Idempotency-Key': key() };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await proposed({ ...visitor, name: 'Queued once' }, headers));
    expect(answers.map((r) => r.status)).toEqual([201, 200, 200]);
    const bodies = await Promise.all(answers.map(okBody));
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(await rowCount('Queued once')).toBe(1);
    // Without a key every POST is a new proposal.
    await propose({ ...visitor, name: 'Unkeyed twice' });
    await propose({ ...visitor, name: 'Unkeyed twice' });
    expect(await rowCount('Unkeyed twice')).toBe(2);
  });

  it('parallel retries with one key still store one proposal', async () => {
    const headers = { 'Idempotency-Key': key() };
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => propose({ ...visitor, name: 'Parallel once' }, { headers })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(await rowCount('Parallel once')).toBe(1);
  });

  it('refuses malformed Idempotency-Keys with 400 and stores nothing', async () => {
    for (const bad of [
      'x',
      'short',
      'has spaces in it',
      'k'.repeat(129),
      "'; DROP TABLE proposals; --",
      '<script>alert(1)</script>',
    ]) {
      const res = await propose({ ...visitor, name: 'Bad key' }, { headers: { 'Idempotency-Key': bad } });
      expect(res.status, bad).toBe(400);
      expect(await message(res)).toMatch(/Idempotency-Key/);
    }
    expect(await rowCount('Bad key')).toBe(0);
  });

  it('stores injection-shaped and markup text verbatim', async () => {
    const hostile = { name: "'; DROP TABLE users; --", description: '<script>alert("x")</script> and more' };
    const res = await propose({ ...visitor, ...hostile });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject(hostile);
    expect(res.headers.get('Content-Type')).toMatch(/application\/json/);
    expect(await db().prepare('SELECT count(*) AS n FROM users').first()).toBeTruthy();
  });

  it('refuses hostile bodies without a 5xx', async () => {
    const raw = (body: string, type = 'application/json') =>
      call('/api/propose-agent', { method: 'POST', body, headers: { 'Content-Type': type } });
    const answers = [
      await raw(JSON.stringify([visitor])),
      await raw('null'),
      await raw('12'),
      await raw('{"name": "broken'),
      await raw(new URLSearchParams(visitor).toString(), 'application/x-www-form-urlencoded'),
      await raw(JSON.stringify({ ...visitor, description: 'd'.repeat(100_000) })),
      await propose({ name: { a: 1 }, description: ['x'.repeat(20)], proposerName: true, proposerEmail: 5 }),
    ];
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 413, 400]);
    for (const res of answers) expect(typeof (await message(res))).toBe('string');

    const crossSite = await call('/api/propose-agent', {
      json: { ...visitor, name: 'Cross-site idea' },
      headers: { Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await message(crossSite)).toBe(MESSAGES.crossSite);
    expect(await rowCount('Cross-site idea')).toBe(0);
  });
});

describe('the operators inbox', () => {
  it('GET /api/proposals: 401 visitor, 403 user, 200 staff and admin', async () => {
    const user = await signIn((await createUser()).id);
    const visitorRes = await call('/api/proposals');
    expect(visitorRes.status).toBe(401);
    expect(await message(visitorRes)).toBe(MESSAGES.notSignedIn);
    const userRes = await call('/api/proposals', { cookie: user });
    expect(userRes.status).toBe(403);
    expect(await message(userRes)).toBe(MESSAGES.forbidden);
    for (const role of ['staff', 'admin'] as const) {
      const res = await call('/api/proposals', { cookie: await signIn((await createUser({ role })).id) });
      expect(res.status, role).toBe(200);
      expect(Array.isArray(await res.json())).toBe(true);
    }
  });

  it('lists newest first and filters by status', async () => {
    const staff = await signIn((await createUser({ role: 'staff' })).id);
    const first = await okBody(await proposed({ ...visitor, name: 'Order one' }));
    const second = await okBody(await proposed({ ...visitor, name: 'Order two' }));
    const third = await okBody(await proposed({ ...visitor, name: 'Order three' }));

    const all = await inbox(staff);
    const ids = all.map((p) => p.id);
    expect(ids.indexOf(third.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(all[0]!.id).toBe(third.id);
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.createdAt >= all[i]!.createdAt).toBe(true);
    // The inbox shows the proposer's contact details to the operators.
    expect(all[0]).toMatchObject({ proposerName: 'Vera', proposerEmail: 'vera@example.com' });

    expect((await review(second.id, { status: 'reviewed' }, staff)).status).toBe(200);
    const onlyNew = await inbox(staff, { status: 'new' });
    expect(onlyNew.every((p) => p.status === 'new')).toBe(true);
    expect(onlyNew.map((p) => p.id)).toEqual(expect.arrayContaining([first.id, third.id]));
    expect(onlyNew.map((p) => p.id)).not.toContain(second.id);
    const reviewed = await inbox(staff, { status: 'reviewed' });
    expect(reviewed.every((p) => p.status === 'reviewed')).toBe(true);
    expect(reviewed.map((p) => p.id)).toContain(second.id);
    // An unknown status filter is ignored rather than failing.
    const odd = await call("/api/proposals?status=x'%20OR%201=1--", { cookie: staff });
    expect(odd.status).toBe(200);
  });

  it('pages the inbox with limit and offset, the total in X-Total-Count, within the status filter', async () => {
    const staff = await signIn((await createUser({ role: 'staff' })).id);
    for (let i = 0; i < 7; i++) await propose({ ...visitor, name: `Paged ${i}` });
    const first = await client(staff).proposals.$get({ query: { status: 'new', limit: '3' } });
    const total = Number(first.headers.get('X-Total-Count'));
    expect(total).toBeGreaterThanOrEqual(7);
    const page1 = await okBody(first);
    expect(page1.map((p) => p.name)).toEqual(['Paged 6', 'Paged 5', 'Paged 4']);
    const page2 = await inbox(staff, { status: 'new', limit: '3', offset: '3' });
    expect(page2.map((p) => p.name)).toEqual(['Paged 3', 'Paged 2', 'Paged 1']);
    const reviewed = await client(staff).proposals.$get({ query: { status: 'reviewed', limit: '3' } });
    expect(Number(reviewed.headers.get('X-Total-Count'))).toBe((await okBody(reviewed)).length);
    // More than the old 200-row cap is reachable page by page.
    expect((await call('/api/proposals', { cookie: staff })).headers.get('X-Total-Count')).toBe(
      String(total + (await reviewedCount())),
    );
    for (const bad of ['limit=0', 'limit=201', 'limit=x', 'offset=-1', 'offset=1.5']) {
      const res = await call(`/api/proposals?${bad}`, { cookie: staff });
      expect(res.status, bad).toBe(400);
    }
  });

  it('PATCH marks a proposal reviewed with reviewedAt; back to new clears it', async () => {
    const staff = await signIn((await createUser({ role: 'staff' })).id);
    const admin = await signIn((await createUser({ role: 'admin' })).id);
    const user = await signIn((await createUser()).id);
    const created = await okBody(await proposed({ ...visitor, name: 'To review' }));

    expect((await review(created.id, { status: 'reviewed' })).status).toBe(401);
    expect((await review(created.id, { status: 'reviewed' }, user)).status).toBe(403);
    expect(await db().prepare('SELECT status FROM proposals WHERE id = ?').bind(created.id).first()).toEqual({
      status: 'new',
    });

    const reviewed = await client(staff).proposals[':id'].$patch({
      param: { id: String(created.id) },
      json: { status: 'reviewed' },
    });
    expect(reviewed.status).toBe(200);
    const body = await okBody(reviewed);
    expect(body).toMatchObject({
      id: created.id,
      name: 'To review',
      status: 'reviewed',
      reviewedAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(body.reviewedAt!))).toBe(false);
    const again = await review(created.id, { status: 'new' }, admin);
    expect(await again.json()).toMatchObject({ id: created.id, status: 'new', reviewedAt: null });
    expect((await review(created.id, { status: 'reviewed' }, admin)).status).toBe(200);
  });

  it('PATCH: 404 for unknown ids, 400 for a bad status', async () => {
    const staff = await signIn((await createUser({ role: 'staff' })).id);
    const created = await okBody(await proposed({ ...visitor, name: 'Bad patch' }));
    for (const id of ['999999', 'abc', '0']) {
      const res = await review(id, { status: 'reviewed' }, staff);
      expect(res.status, id).toBe(404);
      expect(await message(res)).toBe('Proposal not found');
    }
    for (const body of [{ status: 'done' }, { status: 'REVIEWED' }, { status: 1 }, { status: null }, {}]) {
      const res = await review(created.id, body, staff);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof (await message(res))).toBe('string');
    }
    expect(await message(await review(created.id, { status: 'done' }, staff))).toBe('Status must be new or reviewed');
    const arrayBody = await callRaw(`/api/proposals/${created.id}`, '[]', { method: 'PATCH', cookie: staff });
    expect(arrayBody.status).toBe(400);
    const crossSite = await call(`/api/proposals/${created.id}`, {
      method: 'PATCH',
      json: { status: 'reviewed' },
      cookie: staff,
      headers: { Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await db().prepare('SELECT status FROM proposals WHERE id = ?').bind(created.id).first()).toEqual({
      status: 'new',
    });
  });
});

describe('abuse limits', () => {
  it('a visitor sending too many proposals gets 429 with a clear message; nothing more is stored', async () => {
    const headers = { 'CF-Connecting-IP': '10.4.4.4' };
    const statuses: number[] = [];
    for (let i = 0; i < ANONYMOUS_PROPOSALS_PER_HOUR + 3; i++)
      statuses.push((await propose({ ...visitor, name: `Burst ${i}` }, { headers })).status);
    expect(statuses.slice(0, ANONYMOUS_PROPOSALS_PER_HOUR).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(ANONYMOUS_PROPOSALS_PER_HOUR)).toEqual([429, 429, 429]);
    const res = await propose({ ...visitor, name: 'One more' }, { headers });
    expect(await message(res)).toBe(MESSAGES.proposalsThrottled);
    expect(res.headers.get('Retry-After')).toBe('3600');
    expect(await rowCount('One more')).toBe(0);
    // Another client is not affected; an account on the same client is held by the client's limit too
    // (signing up does not buy a fresh budget), and the same account from elsewhere is not.
    expect((await propose({ ...visitor, name: 'Elsewhere' })).status).toBe(201);
    const cookie = await signIn((await createUser()).id);
    expect(
      (await propose({ name: 'Signed in', description: 'A proposal from an account holder.' }, { headers, cookie }))
        .status,
    ).toBe(429);
    expect(
      (
        await propose(
          { name: 'Signed in', description: 'A proposal from an account holder.' },
          { headers: { 'CF-Connecting-IP': '10.4.4.5' }, cookie },
        )
      ).status,
    ).toBe(201);
  });

  it('a filled honeypot field is refused and nothing is stored', async () => {
    const res = await propose({ ...visitor, name: 'Bot proposal', website: 'http://spam.example' });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(MESSAGES.honeypot);
    expect(await rowCount('Bot proposal')).toBe(0);
    expect((await propose({ ...visitor, name: 'Human proposal', website: '' })).status).toBe(201);
  });
});
