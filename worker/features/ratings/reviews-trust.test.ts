// docs/decisions/0025: reviews people can trust. Your review edited and deleted with exact averages, who may
// review, 'Tried it' from the ledger, the creator's one reply, helpful marks, reports, the moderation
// queue, hidden items leaving every count, and the one ranking of agents.
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_HEADERS } from '#common/search.ts';
import { MESSAGES } from '#common/validation.ts';
import {
  call,
  client,
  countOf,
  createUser,
  db,
  messageOf as message,
  insertAgents,
  okBody,
  seedCatalog,
  signIn,
  untypedBody,
} from '#worker/test/fixtures.ts';
import { ORDERINGS, PRIOR_SQL, priorOf, sortAgents } from '#worker/features/agents/ranking.ts';
import { refreshRankScores } from '#worker/features/maintenance/rank-scores.ts';
import { REPORTS_PER_HOUR } from '#worker/features/moderation/data.ts';

let creator: { id: number; username: string };

beforeAll(async () => {
  await seedCatalog();
  creator = await createUser({ username: 'the_creator', verified: true });
  // Agents of their own, without seeded aggregates, so every average below is exact.
  await db()
    .prepare(
      `INSERT INTO agents (id, name, description, category_id, creator_id, credit_cost) VALUES
       (20, 'Trust One', 'An agent for review trust tests.', 1, ?1, 4), (21, 'Trust Two', 'Another agent for review trust tests.', 1, ?1, 4),
       (22, 'Trust Three', 'A third agent for review trust tests.', 2, ?1, 4), (23, 'Trust Four', 'A fourth agent for review trust tests.', 2, ?1, 4)`,
    )
    .bind(creator.id)
    .run();
});

const agent = async (id: number) => okBody(await client().agents[':id'].$get({ param: { id: String(id) } }));
/** An agent's reviews, typed by the route (its query is declared: sort, limit, offset). */
const ratings = async (
  agentId: number,
  query: { sort?: string; limit?: string; offset?: string } = {},
  cookie?: string,
) => okBody(await client(cookie).agents[':id'].ratings.$get({ param: { id: String(agentId) }, query }));
/** The moderation queue; `view` is read by the route without being declared (no query validator), so it goes past the type. */
const queue = async (cookie: string, view?: 'hidden') => {
  const args = { query: view ? { view } : {} };
  return okBody(await client(cookie).moderation.$get(args));
};
const reviewer = async () => {
  const u = await createUser({ verified: true });
  return { ...u, cookie: await signIn(u.id) };
};
const rate = (cookie: string, agentId: number, rating: number, comment?: string) =>
  call('/api/ratings', { json: { agentId, rating, comment }, cookie });
const summary = async (agentId: number, cookie?: string) =>
  okBody(await client(cookie).agents[':id'].ratings.summary.$get({ param: { id: String(agentId) } }));
const moderator = async () => signIn((await createUser({ role: 'staff', verified: true })).id);
const act = (cookie: string, itemType: string, itemId: number, action: string) =>
  call(`/api/moderation/${itemType}/${itemId}`, { json: { action }, cookie });

describe('your review', () => {
  it('edit and delete keep the average and the count exact, also when they race', async () => {
    const [a, b, c] = [await reviewer(), await reviewer(), await reviewer()];
    const first = await untypedBody.review(await rate(a.cookie, 20, 2, 'Meh'));
    await rate(b.cookie, 20, 4);
    await rate(c.cookie, 20, 5);
    expect(await agent(20)).toMatchObject({ averageRating: 3.67, voteCount: 3 });

    const edited = await rate(a.cookie, 20, 5, 'Better after the update');
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ id: first.id, rating: 5, comment: 'Better after the update' });
    expect(await agent(20)).toMatchObject({ averageRating: 4.67, voteCount: 3 });
    expect((await summary(20, a.cookie)).mine).toMatchObject({ id: first.id, rating: 5 });

    const deleted = await call(`/api/ratings/${first.id}`, { method: 'DELETE', cookie: a.cookie });
    expect(deleted.status).toBe(200);
    expect(await agent(20)).toMatchObject({ averageRating: 4.5, voteCount: 2 });
    expect((await summary(20, a.cookie)).mine).toBeNull();
    expect((await call(`/api/ratings/${first.id}`, { method: 'DELETE', cookie: a.cookie })).status).toBe(404);

    // Someone else's review, a visitor, an unknown id.
    const bReview = (await summary(20, b.cookie)).mine!;
    const stranger = await call(`/api/ratings/${bReview.id}`, { method: 'DELETE', cookie: c.cookie });
    expect(stranger.status).toBe(403);
    expect((await call(`/api/ratings/${bReview.id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await call('/api/ratings/999999', { method: 'DELETE', cookie: c.cookie })).status).toBe(404);

    // Edits and deletes at once from two devices: whatever wins, the aggregates match the rows.
    await Promise.all([
      rate(c.cookie, 20, 1),
      call(`/api/ratings/${(await summary(20, c.cookie)).mine!.id}`, { method: 'DELETE', cookie: c.cookie }),
      rate(b.cookie, 20, 3),
    ]);
    const rows = await db()
      .prepare('SELECT round(avg(rating), 2) AS avg, count(*) AS n FROM ratings WHERE agent_id = 20')
      .first<{ avg: number; n: number }>();
    expect(await agent(20)).toMatchObject({ averageRating: rows!.avg ?? 0, voteCount: rows!.n });
  });

  it('the creator may not review their own agent; an unconfirmed address may not review at all', async () => {
    const own = await rate(await signIn(creator.id), 21, 5, 'Best agent ever');
    expect(own.status).toBe(403);
    expect(await message(own)).toBe('You cannot review your own agent');
    const fresh = await createUser();
    const unconfirmed = await rate(await signIn(fresh.id), 21, 5);
    expect(unconfirmed.status).toBe(403);
    expect(await message(unconfirmed)).toBe(MESSAGES.confirmToReview);
    expect(await agent(21)).toMatchObject({ voteCount: 0 });
  });
});

describe("'Tried it'", () => {
  it('comes from a paid try in the ledger, not from a refused or a refunded one', async () => {
    const paid = await reviewer();
    expect((await call('/api/agents/21/try', { method: 'POST', cookie: paid.cookie })).status).toBe(200);
    const broke = await createUser({ verified: true, credits: 1 });
    const brokeCookie = await signIn(broke.id);
    expect((await call('/api/agents/21/try', { method: 'POST', cookie: brokeCookie })).status).toBe(402);
    const refunded = await reviewer();
    expect((await call('/api/agents/21/try', { method: 'POST', cookie: refunded.cookie })).status).toBe(200);
    const tryRow = await db()
      .prepare("SELECT id FROM credit_ledger WHERE user_id = ? AND kind = 'try'")
      .bind(refunded.id)
      .first<{ id: number }>();
    // Support refunds the try (docs/decisions/0029's real refund row): it no longer counts.
    const admin = await signIn((await createUser({ role: 'admin', verified: true })).id);
    const refund = await call('/api/admin/refunds', { json: { ledgerId: tryRow!.id }, cookie: admin });
    expect(refund.status).toBe(200);
    expect(await refund.json()).toMatchObject({ refunded: true });
    const never = await reviewer();
    // A try of another agent does not count for this one.
    await call('/api/agents/22/try', { method: 'POST', cookie: never.cookie });

    for (const [cookie, stars] of [
      [paid.cookie, 5],
      [brokeCookie, 4],
      [refunded.cookie, 3],
      [never.cookie, 2],
    ] as const)
      expect((await rate(cookie, 21, stars)).status).toBe(201);
    const list = await ratings(21, { sort: 'highest' });
    expect(list.map((r) => [r.rating, r.triedIt])).toEqual([
      [5, true],
      [4, false],
      [3, false],
      [2, false],
    ]);
  });
});

describe('creator replies', () => {
  it('one reply per review, by the agent’s creator only; edited and deleted', async () => {
    const r = await reviewer();
    const review = await untypedBody.review(await rate(r.cookie, 22, 3, 'Slow on big files'));
    const creatorCookie = await signIn(creator.id);
    const first = await client(creatorCookie).ratings[':id'].reply.$put({
      param: { id: String(review.id) },
      json: { body: '  Fixed in version 2, thanks!  ' },
    });
    expect(first.status).toBe(201);
    expect((await okBody(first)).reply).toMatchObject({
      body: 'Fixed in version 2, thanks!',
      user: { username: 'the_creator' },
    });
    const again = await call(`/api/ratings/${review.id}/reply`, {
      method: 'PUT',
      json: { body: 'Fixed in version 2.1' },
      cookie: creatorCookie,
    });
    expect(again.status).toBe(200);
    expect(await countOf('SELECT count(*) AS n FROM review_replies WHERE rating_id = ?', review.id)).toBe(1);
    const [shown] = await ratings(22);
    expect(shown!.reply?.body).toBe('Fixed in version 2.1');

    for (const cookie of [r.cookie, (await reviewer()).cookie, await moderator()]) {
      const refused = await call(`/api/ratings/${review.id}/reply`, {
        method: 'PUT',
        json: { body: 'Not mine to answer' },
        cookie,
      });
      expect(refused.status).toBe(403);
      expect(await message(refused)).toBe(MESSAGES.replyCreatorOnly);
      expect((await call(`/api/ratings/${review.id}/reply`, { method: 'DELETE', cookie })).status).toBe(403);
    }
    expect((await call(`/api/ratings/${review.id}/reply`, { method: 'PUT', json: { body: 'x' } })).status).toBe(401);
    const blank = await call(`/api/ratings/${review.id}/reply`, {
      method: 'PUT',
      json: { body: '   ' },
      cookie: creatorCookie,
    });
    expect([blank.status, await message(blank)]).toEqual([400, 'Please write a reply']);
    expect(
      (await call('/api/ratings/999999/reply', { method: 'PUT', json: { body: 'Hello' }, cookie: creatorCookie }))
        .status,
    ).toBe(404);

    expect((await call(`/api/ratings/${review.id}/reply`, { method: 'DELETE', cookie: creatorCookie })).status).toBe(
      200,
    );
    expect((await call(`/api/ratings/${review.id}/reply`, { method: 'DELETE', cookie: creatorCookie })).status).toBe(
      404,
    );
    expect((await ratings(22))[0]!.reply).toBeNull();
  });
});

describe('helpful', () => {
  it('counts once per person however often they tap, toggles off, and never for one’s own review', async () => {
    const author = await reviewer();
    const review = await untypedBody.review(await rate(author.cookie, 23, 4, 'Useful'));
    const fan = await reviewer();
    const taps = await Promise.all(
      [1, 2, 3].map(() => call(`/api/ratings/${review.id}/helpful`, { method: 'PUT', cookie: fan.cookie })),
    );
    expect(taps.map((t) => t.status)).toEqual([200, 200, 200]);
    expect(await taps[0]!.json()).toEqual({ helpfulCount: 1, helpedByMe: true });
    const [seen] = await ratings(23, {}, fan.cookie);
    expect(seen).toMatchObject({ helpfulCount: 1, helpedByMe: true });
    expect((await ratings(23))[0]).toMatchObject({ helpfulCount: 1, helpedByMe: false });

    const off = await call(`/api/ratings/${review.id}/helpful`, { method: 'DELETE', cookie: fan.cookie });
    expect(await off.json()).toEqual({ helpfulCount: 0, helpedByMe: false });
    const own = await call(`/api/ratings/${review.id}/helpful`, { method: 'PUT', cookie: author.cookie });
    expect([own.status, await message(own)]).toEqual([403, MESSAGES.ownHelpful]);
    expect((await call(`/api/ratings/${review.id}/helpful`, { method: 'PUT' })).status).toBe(401);
    expect((await call('/api/ratings/999999/helpful', { method: 'PUT', cookie: fan.cookie })).status).toBe(404);
  });
});

describe('the reviews list', () => {
  it('pages by 10 with the total in X-Total-Count, sorts four ways and counts each star', async () => {
    await insertAgents({ id: 30, name: 'Many Reviews', description: 'An agent with many reviews.' });
    const people = await Promise.all(Array.from({ length: 12 }, () => reviewer()));
    for (const [i, p] of people.entries()) await rate(p.cookie, 30, (i % 5) + 1, `Review ${i}`);
    const page1 = await client().agents[':id'].ratings.$get({
      param: { id: '30' },
      query: { sort: 'highest', limit: '10' },
    });
    expect(page1.headers.get('X-Total-Count')).toBe('12');
    const first = await okBody(page1);
    expect(first).toHaveLength(10);
    expect(first.map((r) => r.rating)).toEqual([5, 5, 4, 4, 3, 3, 2, 2, 2, 1]);
    const page2 = await ratings(30, { sort: 'highest', limit: '10', offset: '10' });
    expect(page2.map((r) => r.rating)).toEqual([1, 1]);
    expect((await ratings(30, { sort: 'lowest', limit: '3' })).map((r) => r.rating)).toEqual([1, 1, 1]);
    expect((await ratings(30, { sort: 'newest', limit: '1' }))[0]!.comment).toBe('Review 11');

    await call(`/api/ratings/${first[9]!.id}/helpful`, { method: 'PUT', cookie: people[0]!.cookie });
    expect((await ratings(30, { sort: 'helpful', limit: '1' }))[0]!.id).toBe(first[9]!.id);

    const s = await summary(30);
    expect(s).toEqual({ total: 12, average: 2.75, counts: [3, 3, 2, 2, 2], mine: null });
    expect(await agent(30)).toMatchObject({ averageRating: 2.75, voteCount: 12 });
    expect((await call('/api/agents/999999/ratings/summary')).status).toBe(404);
    // Odd paging is ignored, never a 5xx; an unknown sort is refused in words (docs/decisions/0024's rule).
    expect((await call('/api/agents/30/ratings?sort=newest&limit=abc&offset=-4')).status).toBe(200);
    const badSort = await call('/api/agents/30/ratings?sort=%27;DROP');
    expect(badSort.status).toBe(400);
    expect(await badSort.json()).toMatchObject({ message: MESSAGES.sortInvalid });
  });
});

describe('reports and moderation', () => {
  it('a report per person and item; validated; throttled per account', async () => {
    const r = await reviewer();
    const target = await untypedBody.review(
      await rate((await reviewer()).cookie, 22, 1, 'Buy followers at spam.example'),
    );
    const filed = await call('/api/reports', {
      json: { itemType: 'review', itemId: target.id, reason: 'spam', details: 'An ad' },
      cookie: r.cookie,
    });
    expect(filed.status).toBe(201);
    const twice = await call('/api/reports', {
      json: { itemType: 'review', itemId: target.id, reason: 'offensive' },
      cookie: r.cookie,
    });
    expect([twice.status, await message(twice)]).toEqual([409, MESSAGES.reportDuplicate]);
    const badReason = await call('/api/reports', {
      json: { itemType: 'review', itemId: target.id, reason: 'boring' },
      cookie: r.cookie,
    });
    expect([badReason.status, await message(badReason)]).toEqual([400, MESSAGES.reportReason]);
    expect(
      (await call('/api/reports', { json: { itemType: 'user', itemId: 1, reason: 'spam' }, cookie: r.cookie })).status,
    ).toBe(400);
    expect(
      (await call('/api/reports', { json: { itemType: 'agent', itemId: 999999, reason: 'spam' }, cookie: r.cookie }))
        .status,
    ).toBe(404);
    expect((await call('/api/reports', { json: { itemType: 'agent', itemId: 22, reason: 'broken' } })).status).toBe(
      401,
    );

    const flooder = await reviewer();
    const statuses: number[] = [];
    for (let i = 0; i < REPORTS_PER_HOUR + 2; i++)
      statuses.push(
        (
          await call('/api/reports', {
            json: { itemType: 'agent', itemId: 22, reason: 'other' },
            cookie: flooder.cookie,
          })
        ).status,
      );
    // The first is stored, the next ones are duplicates, then the account is throttled.
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1, REPORTS_PER_HOUR)).toEqual(Array(REPORTS_PER_HOUR - 1).fill(409));
    expect(statuses.slice(REPORTS_PER_HOUR)).toEqual([429, 429]);
  });

  it("what of an agent's page you reported stays 'Reported' until a moderator decides", async () => {
    await insertAgents({ id: 35, name: 'Reported Page', description: 'An agent whose page is reported.' });
    const r = await reviewer();
    const mine = (agentId: number | string, cookie?: string) =>
      call(`/api/reports/mine?agentId=${agentId}`, { cookie });
    expect(await (await mine(35, r.cookie)).json()).toEqual([]);
    const review = await untypedBody.review(await rate((await reviewer()).cookie, 35, 2, 'Meh'));
    const elsewhere = await untypedBody.review(await rate((await reviewer()).cookie, 22, 2, 'Elsewhere'));
    for (const json of [
      { itemType: 'review', itemId: review.id, reason: 'spam' },
      { itemType: 'agent', itemId: 35, reason: 'broken' },
      { itemType: 'review', itemId: elsewhere.id, reason: 'spam' },
    ])
      expect((await call('/api/reports', { json, cookie: r.cookie })).status).toBe(201);
    const reported = await mine(35, r.cookie);
    expect(reported.status).toBe(200);
    expect(await reported.json()).toEqual([
      { itemType: 'agent', itemId: 35 },
      { itemType: 'review', itemId: review.id },
    ]);
    // Someone else's reports are theirs.
    expect(await (await mine(35, (await reviewer()).cookie)).json()).toEqual([]);
    // Decided: the report is closed, and a new one may be made.
    expect((await act(await moderator(), 'agent', 35, 'dismiss')).status).toBe(200);
    expect(await (await mine(35, r.cookie)).json()).toEqual([{ itemType: 'review', itemId: review.id }]);

    expect((await mine(35)).status).toBe(401);
    const malformed = await mine('x', r.cookie);
    expect([malformed.status, await message(malformed)]).toEqual([400, 'agentId must be an agent’s id']);
    const unknown = await mine(999999, r.cookie);
    expect([unknown.status, await message(unknown)]).toEqual([404, MESSAGES.agentNotFound]);
  });

  it('the queue and its actions are for staff and admins only', async () => {
    for (const [cookie, status] of [
      [undefined, 401],
      [(await reviewer()).cookie, 403],
      [await signIn(creator.id), 403],
    ] as const) {
      expect((await call('/api/moderation', { cookie })).status).toBe(status);
      expect((await act(cookie as string, 'agent', 22, 'hide')).status).toBe(status);
    }
    const admin = await signIn((await createUser({ role: 'admin', verified: true })).id);
    expect((await call('/api/moderation', { cookie: admin })).status).toBe(200);
    expect((await call('/api/moderation?view=everything', { cookie: admin })).status).toBe(400);
    expect((await act(admin, 'review', 999999, 'hide')).status).toBe(404);
    expect((await act(admin, 'user', 1, 'hide')).status).toBe(404);
    expect((await act(admin, 'agent', 22, 'delete')).status).toBe(400);
  });

  it('a hidden review leaves the average, the count, the list and the histogram; its author sees it marked; restore brings it back', async () => {
    await insertAgents({ id: 31, name: 'Moderated', description: 'An agent whose review is hidden.' });
    const [good, bad, reporter] = [await reviewer(), await reviewer(), await reviewer()];
    await rate(good.cookie, 31, 5, 'Great');
    const abusive = await untypedBody.review(await rate(bad.cookie, 31, 1, 'Abusive words'));
    expect(await agent(31)).toMatchObject({ averageRating: 3, voteCount: 2 });
    await call('/api/reports', {
      json: { itemType: 'review', itemId: abusive.id, reason: 'offensive' },
      cookie: reporter.cookie,
    });
    await call('/api/reports', {
      json: { itemType: 'review', itemId: abusive.id, reason: 'spam' },
      cookie: good.cookie,
    });

    const staff = await moderator();
    const item = (await queue(staff)).find((i) => i.itemType === 'review' && i.itemId === abusive.id)!;
    expect(item).toMatchObject({
      agentId: 31,
      agentName: 'Moderated',
      text: 'Abusive words',
      rating: 1,
      hidden: false,
      openReports: 2,
      reasons: { offensive: 1, spam: 1 },
    });

    expect(await (await act(staff, 'review', abusive.id, 'hide')).json()).toMatchObject({ hidden: true });
    expect(await agent(31)).toMatchObject({ averageRating: 5, voteCount: 1 });
    expect((await ratings(31)).map((r) => r.comment)).toEqual(['Great']);
    expect(await summary(31)).toMatchObject({ total: 1, counts: [0, 0, 0, 0, 1] });
    expect((await summary(31, bad.cookie)).mine).toMatchObject({ id: abusive.id, hiddenByModerators: true });
    // An edit keeps the decision.
    await rate(bad.cookie, 31, 2, 'Still rude');
    expect(await agent(31)).toMatchObject({ averageRating: 5, voteCount: 1 });
    // Reports closed, the decision recorded with who and when; the item waits under 'hidden'.
    expect((await queue(staff)).some((i) => i.itemId === abusive.id && i.itemType === 'review')).toBe(false);
    const hidden = (await queue(staff, 'hidden')).find((i) => i.itemType === 'review' && i.itemId === abusive.id)!;
    expect(hidden.lastAction).toMatchObject({
      action: 'hide',
      by: expect.stringMatching(/^user\d+$/),
      at: expect.any(String),
    });
    expect((await call(`/api/ratings/${abusive.id}/helpful`, { method: 'PUT', cookie: good.cookie })).status).toBe(404);

    await act(staff, 'review', abusive.id, 'restore');
    expect(await agent(31)).toMatchObject({ averageRating: 3.5, voteCount: 2 });
    const actions = await db()
      .prepare("SELECT action FROM moderation_actions WHERE item_type = 'review' AND item_id = ? ORDER BY id")
      .bind(abusive.id)
      .all<{ action: string }>();
    expect(actions.results.map((a) => a.action)).toEqual(['hide', 'restore']);
  });

  it('a hidden agent leaves lists, search, its page, its category’s count and the sitemap; its creator sees it marked', async () => {
    const ownerUser = await createUser({ verified: true });
    await insertAgents({
      id: 32,
      name: 'Fakeagent Scam',
      description: 'Promises the moon, delivers nothing.',
      category_id: 3,
      creator_id: ownerUser.id,
    });
    const count = () => countOf('SELECT agent_count AS n FROM categories WHERE id = 3');
    const before = await count();
    const staff = await moderator();
    await act(staff, 'agent', 32, 'hide');
    expect(await count()).toBe(before - 1);
    expect((await call('/api/agents/32')).status).toBe(404);
    expect((await call('/api/agents/32/ratings')).status).toBe(404);
    expect((await okBody(await client().agents.$get({ query: { limit: '100' } }))).some((a) => a.id === 32)).toBe(
      false,
    );
    expect((await okBody(await client().agents.search.$get({ query: { q: 'fakeagent' } }))).length).toBe(0);
    // Nor do its words come back as a correction or a suggestion (they left the search indexes).
    const misspelt = await call('/api/agents/search?q=fakeagnt');
    expect(decodeURIComponent(misspelt.headers.get(SEARCH_HEADERS.corrected) ?? '')).not.toMatch(/fakeagent/i);
    expect(JSON.stringify(await (await call('/api/agents/suggest?q=fakeag')).json())).not.toMatch(/fakeagent/i);
    const indexed = () =>
      countOf(
        'SELECT (SELECT count(*) FROM agents_fts WHERE rowid = 32) + (SELECT count(*) FROM agents_title_fts WHERE rowid = 32) AS n',
      );
    expect(await indexed()).toBe(0);
    expect(await (await call('/sitemap.xml')).text()).not.toContain('/agents/32<');
    expect((await call('/api/agents/32/try', { method: 'POST', cookie: (await reviewer()).cookie })).status).toBe(404);
    const ownerCookie = await signIn(ownerUser.id);
    expect(await (await call('/api/agents/32', { cookie: ownerCookie })).json()).toMatchObject({
      id: 32,
      hiddenByModerators: true,
    });
    expect(
      (
        await okBody(
          await client(ownerCookie).agents.creator[':userId'].$get({
            param: { userId: String(ownerUser.id) },
            query: {},
          }),
        )
      ).map((a) => a.id),
    ).toEqual([32]);
    expect(
      await okBody(
        await client().agents.creator[':userId'].$get({ param: { userId: String(ownerUser.id) }, query: {} }),
      ),
    ).toEqual([]);

    await act(staff, 'agent', 32, 'restore');
    expect(await count()).toBe(before);
    expect((await call('/api/agents/32')).status).toBe(200);
    expect(await indexed()).toBe(2);
    expect((await okBody(await client().agents.search.$get({ query: { q: 'fakeagent' } }))).map((a) => a.id)).toEqual([
      32,
    ]);
    // Deleting it after another hide does not take it from the count twice.
    await act(staff, 'agent', 32, 'hide');
    await call('/api/agents/32', { method: 'DELETE', cookie: ownerCookie });
    expect(await count()).toBe(before - 1);
  });
});

describe('one ranking', () => {
  it("one 5-star review ranks below 57 reviews at 4.8, in browse, search, 'Top Performing' and provider mode", async () => {
    await db()
      .prepare(
        `INSERT INTO agents (id, name, description, category_id, average_rating, vote_count) VALUES
         (40, 'Rankcheck Lucky', 'One happy reviewer.', 1, 5, 1), (41, 'Rankcheck Proven', 'Fifty-seven happy reviewers.', 1, 4.8, 57),
         (42, 'Rankcheck Middling', 'Ten lukewarm reviewers.', 1, 3.9, 10)`,
      )
      .run();
    // The hourly refresh (docs/decisions/0050) puts every stored score under the prior they moved.
    await refreshRankScores(db());
    const ids = async (
      list: Promise<{
        ok: boolean;
        status: number;
        json(): Promise<{ id: number }[] | { message: string; error: string }>;
        text(): Promise<string>;
      }>,
    ) => (await okBody(await list)).map((a) => a.id).filter((id) => id >= 40 && id <= 42);
    expect(await ids(client().agents.$get({ query: { sort: 'rating', limit: '100' } }))).toEqual([41, 40, 42]);
    expect(await ids(client().agents.search.$get({ query: { q: 'rankcheck', sort: 'rating' } }))).toEqual([41, 40, 42]);
    // The home page's 'Top Performing' asks for this same sort.
    expect((await ids(client().agents.$get({ query: { sort: 'highest-rated', limit: '100' } })))[0]).toBe(41);

    const inMemory = [
      { id: 40, averageRating: 5, voteCount: 1, createdAt: '2026-01-01' },
      { id: 41, averageRating: 4.8, voteCount: 57, createdAt: '2026-01-02' },
      { id: 42, averageRating: 3.9, voteCount: 10, createdAt: '2026-01-03' },
    ];
    expect(sortAgents(inMemory, 'rating').map((a) => a.id)).toEqual([41, 40, 42]);
    expect(priorOf(inMemory)).toBeCloseTo(4.567, 3);
    // Every sort exists in both forms.
    for (const o of Object.values(ORDERINGS)) expect(o.sql((c) => c)).toMatch(/DESC/);
  });

  it('reads the prior from the row the triggers keep, equal to the mean over the table after every kind of change', async () => {
    const mean = async () =>
      (await db()
        .prepare('SELECT coalesce(avg(average_rating), 0) AS v FROM agents WHERE vote_count > 0 AND hidden_at IS NULL')
        .first<{ v: number }>())!.v;
    const prior = async () => (await db().prepare(`SELECT ${PRIOR_SQL} AS v`).first<{ v: number }>())!.v;
    const same = async () => expect(await prior()).toBeCloseTo(await mean(), 9);
    await same();
    const reviewerOne = await reviewer();
    await rate(reviewerOne.cookie, 23, 2, 'Changes the average of agent 23.');
    await same();
    await db().prepare('UPDATE agents SET average_rating = 1.37, vote_count = 3 WHERE id = 42').run();
    await same();
    await act(await moderator(), 'agent', 41, 'hide');
    await same();
    await db().prepare('DELETE FROM agents WHERE id = 40').run();
    await same();
    // Without any shown rated agent the prior is 0, as the mean over none was.
    await db().prepare('UPDATE agents SET hidden_at = CURRENT_TIMESTAMP').run();
    expect(await prior()).toBe(0);
    expect(await mean()).toBe(0);
    await db().prepare('UPDATE agents SET hidden_at = NULL').run();
    await same();
  });
});
