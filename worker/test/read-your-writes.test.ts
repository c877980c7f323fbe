// Read-your-writes through the worker's D1 sessions (worker/lib/d1-session.ts, docs/decisions/0045),
// through the whole worker (worker/index.ts), as a browser calls it. Miniflare's local D1 is one
// database, always the primary: every session reads the newest data, so these tests show that the
// bookmark goes round (set by the write, carried and used by the read) and that both kinds of
// session answer; that a replica honours the bookmark is D1's promise, which no local run can show.
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Rating } from '#common/types.ts';
import { ANY_REPLICA, BOOKMARK_COOKIE, PRIMARY_FIRST } from '#worker/lib/d1-session.ts';
import { call, createUser, insertAgents, okBody, seedCatalog, setCookies, signIn } from './fixtures';

const AGENT = 4501;

beforeAll(async () => {
  await seedCatalog();
  await insertAgents({ id: AGENT, name: 'Bookmark Keeper' });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The sessions the worker starts, by the constraint or bookmark each starts with. */
const recordSessions = () => vi.spyOn(env.DB, 'withSession');

/** The `name=value` of the bookmark cookie an answer sets, if any. */
const bookmarkOf = (res: Response) =>
  setCookies(res)
    .find((cookie) => cookie.startsWith(`${BOOKMARK_COOKIE}=`))
    ?.split(';')[0];

const reviewsOf = async (cookie: string) =>
  (await okBody(await call(`/api/agents/${AGENT}/ratings`, { cookie }))) as Rating[];

describe('a person who writes a review and reads the agent at once', () => {
  it('sees it, through a session started with the bookmark of the write, one without it and one on the primary', async () => {
    const person = await createUser({ verified: true });
    const session = await signIn(person.id);
    const sessions = recordSessions();

    const written = await call('/api/ratings', {
      json: { agentId: AGENT, rating: 5, comment: 'Saw my own words at once' },
      cookie: session,
    });
    expect(written.status).toBe(201);
    // The write started on the primary and its answer carries the bookmark of the write.
    expect(sessions.mock.calls.map(([constraint]) => constraint)).toEqual([PRIMARY_FIRST]);
    const bookmark = bookmarkOf(written);
    expect(bookmark).toMatch(new RegExp(`^${BOOKMARK_COOKIE}=[0-9a-f-]+$`));
    expect(setCookies(written).find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))).toMatch(/HttpOnly; SameSite=Lax/);

    // The reviews are public: read with the bookmark alone, the read's session starts from it.
    sessions.mockClear();
    const withBookmark = await reviewsOf(bookmark!);
    expect(sessions.mock.calls.map(([constraint]) => constraint)).toEqual([bookmark!.split('=')[1]]);
    expect(withBookmark.map((r) => r.comment)).toContain('Saw my own words at once');

    // Without it (another tab that lost the cookie): any replica, here the one local database.
    sessions.mockClear();
    const without = await reviewsOf('');
    expect(sessions.mock.calls.map(([constraint]) => constraint)).toEqual([ANY_REPLICA]);
    expect(without.map((r) => r.comment)).toContain('Saw my own words at once');

    // Signed in, whatever the bookmark: the primary first, so a session ended elsewhere ends at once.
    sessions.mockClear();
    const signedIn = await reviewsOf(`${session}; ${bookmark!}`);
    expect(sessions.mock.calls.map(([constraint]) => constraint)).toEqual([PRIMARY_FIRST]);
    expect(signedIn.map((r) => r.comment)).toContain('Saw my own words at once');

    // The agent's own data counts it, and the reads set no cookie of their own.
    const agent = await call(`/api/agents/${AGENT}`, { cookie: `${session}; ${bookmark!}` });
    expect(await agent.json()).toMatchObject({ voteCount: 1, averageRating: 5 });
    expect(bookmarkOf(agent)).toBeUndefined();
  });

  it('a sign-in’s answer carries the bookmark its session row was written at', async () => {
    const res = await call('/api/auth/register', {
      json: {
        username: `bookmark_${Date.now().toString(36)}`,
        email: `bm-${Date.now()}@example.com`,
        password: 'a-long-password',
      },
      headers: { 'CF-Connecting-IP': '10.45.0.1' },
    });
    expect(res.status).toBe(201);
    const cookies = setCookies(res).map((c) => c.split(';')[0]!);
    expect(cookies.some((c) => c.startsWith('am_session='))).toBe(true);
    expect(cookies.some((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))).toBe(true);
    // The next request, with both, is signed in.
    const me = await call('/api/auth/session', { cookie: cookies.join('; ') });
    expect(me.status).toBe(200);
  });

  it('a visitor’s reads start on any replica and set no cookie', async () => {
    const sessions = recordSessions();
    const res = await call(`/api/agents/${AGENT}`);
    expect(res.status).toBe(200);
    expect(sessions.mock.calls.map(([constraint]) => constraint)).toEqual([ANY_REPLICA]);
    expect(bookmarkOf(res)).toBeUndefined();
  });

  it('a visitor’s navigation to an agent page, whose view is counted after the answer, sets no cookie', async () => {
    const res = await call(`/agents/${AGENT}`, { headers: { Accept: 'text/html', 'Sec-Fetch-Dest': 'document' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Bookmark Keeper');
    expect(bookmarkOf(res)).toBeUndefined();
  });
});
