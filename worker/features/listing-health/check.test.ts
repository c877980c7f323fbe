// Listing health (docs/decisions/0043): the hourly check asks each listed agent's address on a loopback
// stand-in (stand-in.ts) with the runtime's own fetch, and the agent's answer carries what it found.
import { createScheduledController } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import worker from '#worker/index.ts';
import type { Bindings } from '#worker/env.ts';
import { mailsTo } from '#worker/test/mail.ts';
import { client, createUser, db, insertAgents, okBody } from '#worker/test/fixtures.ts';
import type { SiteRequest } from './stand-in';
import { checkableUrl, checkListingHealth, HEALTH_BATCH, type CheckOptions } from './check';

const SITE = inject('agentSiteBase');
/** The tests' stand-in is on loopback, which only this setting lets the check ask. */
const testEnv: Bindings = { ...env, LISTING_HEALTH_LOOPBACK: 'allow' };
/** Short thresholds, so 'slow' and 'no answer' take a fraction of a second. */
const QUICK: CheckOptions = { slowMs: 250, timeoutMs: 600 };

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 25, 6, 17);
const iso = (ms: number) => new Date(ms).toISOString();

let n = 0;
/** A path of its own on the stand-in, answering as `query` says. */
const site = (query = '') => {
  const path = `/agent-${++n}`;
  return { path, url: `${SITE}${path}${query ? `?${query}` : ''}` };
};
const requestsTo = async (path: string): Promise<SiteRequest[]> =>
  (await fetch(`${SITE}/__requests?prefix=${encodeURIComponent(path)}`)).json();

const healthOf = async (id: number) =>
  (await okBody(await client().agents[':id'].$get({ param: { id: String(id) } }))).health;

const run = (now: number, options: CheckOptions = {}) => checkListingHealth(testEnv, now, { ...QUICK, ...options });

let nextId = 1;
const agent = async (url: string | null, extra: Record<string, string | number | null> = {}) => {
  const id = nextId++;
  await insertAgents({ id, name: `Health Agent ${id}`, external_url: url, ...extra });
  return id;
};

beforeAll(async () => {
  await db().prepare(`INSERT INTO categories (id, name) VALUES (1, 'Testing')`).run();
});
beforeEach(async () => {
  await db().prepare('DELETE FROM agents').run();
});

describe('listing health: what an answer means', () => {
  it('an answer within the threshold is up, and the agent answer shows it', async () => {
    const { path, url } = site();
    const id = await agent(url);
    expect(await run(T0)).toMatchObject({ agents: 1, urls: 1, up: 1, slow: 0, down: 0 });
    expect(await healthOf(id)).toEqual({ status: 'up', since: iso(T0), checkedAt: iso(T0) });
    // One HEAD answered it: no GET, and the check says who is asking.
    expect(await requestsTo(path)).toEqual([
      { method: 'HEAD', path, userAgent: 'AgentMarket-ListingHealth/1.0 (+http://localhost)' },
    ]);
  });

  it('an answer after the threshold is slow', async () => {
    const id = await agent(site('wait=500').url);
    expect(await run(T0)).toMatchObject({ slow: 1 });
    expect((await healthOf(id))?.status).toBe('slow');
  });

  it('no answer within the timeout is down, after HEAD and then GET were asked', async () => {
    const { path, url } = site('head=hang&get=hang');
    const id = await agent(url);
    const started = Date.now();
    expect(await run(T0)).toMatchObject({ down: 1 });
    // Two timeouts of 0.6 s, not the stand-in's forever.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await healthOf(id)).toEqual({ status: 'down', since: iso(T0), checkedAt: iso(T0) });
    expect((await requestsTo(path)).map((r) => r.method)).toEqual(['HEAD', 'GET']);
  });

  it('5xx is down, a failed connection is down, and 404 is down (the address no longer exists)', async () => {
    const failing = await agent(site('head=500&get=500').url);
    const dropped = await agent(site('head=drop&get=drop').url);
    const gone = await agent(site('head=404&get=404').url);
    expect(await run(T0)).toMatchObject({ down: 3 });
    for (const id of [failing, dropped, gone]) expect((await healthOf(id))?.status).toBe('down');
  });

  it('HEAD refused (405) or failing is asked again with GET, whose answer counts', async () => {
    const refused = site('head=405&get=200');
    const cut = site('head=drop&get=200');
    const headBroken = site('head=404&get=200');
    const ids = [await agent(refused.url), await agent(cut.url), await agent(headBroken.url)];
    expect(await run(T0)).toMatchObject({ up: 3, down: 0 });
    for (const id of ids) expect((await healthOf(id))?.status).toBe('up');
    expect((await requestsTo(refused.path)).map((r) => r.method)).toEqual(['HEAD', 'GET']);
  });

  it('401, 403 and a redirect are up: the agent answers (the redirect is not followed)', async () => {
    const ids = [
      await agent(site('head=401').url),
      await agent(site('head=403').url),
      await agent(site('head=302').url),
    ];
    expect(await run(T0)).toMatchObject({ up: 3 });
    for (const id of ids) expect((await healthOf(id))?.status).toBe('up');
    expect(await requestsTo('/elsewhere')).toEqual([]);
  });

  it('agents that share an address are asked once', async () => {
    const { path, url } = site();
    const ids = [await agent(url), await agent(url), await agent(url)];
    expect(await run(T0)).toMatchObject({ agents: 3, urls: 1, up: 3 });
    expect(await requestsTo(path)).toHaveLength(1);
    for (const id of ids) expect((await healthOf(id))?.status).toBe('up');
  });
});

describe('listing health: since, batches and what is skipped', () => {
  it('keeps since while the status stays, and moves it when the status changes', async () => {
    const { url } = site();
    const id = await agent(url);
    const version = async () =>
      (await db().prepare('SELECT version AS v FROM catalog_version WHERE id = 1').first<{ v: number }>())!.v;
    const first = await version();
    expect(await run(T0)).toMatchObject({ up: 1, changed: 1 });
    // Cards and pages show the status through the edge cache: a change makes new keys.
    expect(await version()).toBe(first + 1);
    expect(await run(T0 + HOUR)).toMatchObject({ up: 1, changed: 0 });
    expect(await healthOf(id)).toEqual({ status: 'up', since: iso(T0), checkedAt: iso(T0 + HOUR) });
    // The same status again keeps every cached page.
    expect(await version()).toBe(first + 1);
    await db().prepare('UPDATE agents SET external_url = ? WHERE id = ?').bind(site('wait=500').url, id).run();
    expect(await run(T0 + 2 * HOUR)).toMatchObject({ slow: 1, changed: 1 });
    expect(await healthOf(id)).toEqual({ status: 'slow', since: iso(T0 + 2 * HOUR), checkedAt: iso(T0 + 2 * HOUR) });
    expect(await version()).toBe(first + 2);
  });

  it('asks the agents checked longest ago first (never checked before all), a batch at a time', async () => {
    const { url } = site();
    const recent = await agent(url, {
      health_checked_at: iso(T0 - HOUR),
      health_status: 'up',
      health_since: iso(T0 - 9 * HOUR),
    });
    const oldest = await agent(url, {
      health_checked_at: iso(T0 - 5 * HOUR),
      health_status: 'up',
      health_since: iso(T0 - 9 * HOUR),
    });
    const never = await agent(url);
    const older = await agent(url, {
      health_checked_at: iso(T0 - 3 * HOUR),
      health_status: 'up',
      health_since: iso(T0 - 9 * HOUR),
    });
    const checkedAt = async (id: number) =>
      (await db().prepare('SELECT health_checked_at AS t FROM agents WHERE id = ?').bind(id).first<{ t: string }>())!.t;

    expect(await run(T0, { batch: 2 })).toMatchObject({ agents: 2 });
    expect([await checkedAt(never), await checkedAt(oldest)]).toEqual([iso(T0), iso(T0)]);
    expect([await checkedAt(older), await checkedAt(recent)]).toEqual([iso(T0 - 3 * HOUR), iso(T0 - HOUR)]);

    expect(await run(T0 + 1000, { batch: 2 })).toMatchObject({ agents: 2 });
    expect([await checkedAt(older), await checkedAt(recent)]).toEqual([iso(T0 + 1000), iso(T0 + 1000)]);
  });

  it('reads at most HEALTH_BATCH agents a run', async () => {
    const { url } = site();
    await insertAgents(
      ...Array.from({ length: HEALTH_BATCH + 1 }, () => ({
        id: nextId,
        name: `Health Agent ${nextId++}`,
        external_url: url,
      })),
    );
    expect(await run(T0)).toMatchObject({ agents: 50, urls: 1, up: 50 });
    expect(await run(T0 + 1000)).toMatchObject({ agents: 50 });
    const unchecked = await db()
      .prepare('SELECT count(*) AS n FROM agents WHERE health_checked_at = ?')
      .bind(iso(T0))
      .first<{ n: number }>();
    // The second run took the one left over first, then the 49 checked earliest.
    expect(unchecked!.n).toBe(1);
  });

  it('skips hidden agents and agents without an address', async () => {
    const { path, url } = site();
    const hidden = await agent(url, { hidden_at: iso(T0 - HOUR) });
    const noUrl = await agent(null);
    expect(await run(T0)).toMatchObject({ agents: 0, urls: 0 });
    expect(await requestsTo(path)).toEqual([]);
    const row = await db()
      .prepare('SELECT count(*) AS n FROM agents WHERE id IN (?, ?) AND health_checked_at IS NULL')
      .bind(hidden, noUrl)
      .first<{ n: number }>();
    expect(row!.n).toBe(2);
  });

  it('never asks loopback without LISTING_HEALTH_LOOPBACK=allow: the agent keeps no status and waits its turn again', async () => {
    const { path, url } = site();
    const id = await agent(url);
    expect(await checkListingHealth(env, T0, QUICK)).toMatchObject({ agents: 1, urls: 0, skipped: 1 });
    expect(await requestsTo(path)).toEqual([]);
    expect(await healthOf(id)).toBeNull();
    const row = await db()
      .prepare('SELECT health_checked_at AS t FROM agents WHERE id = ?')
      .bind(id)
      .first<{ t: string }>();
    expect(row!.t).toBe(iso(T0));
  });

  it('keeps every agent for the next run when the runtime refuses more subrequests', async () => {
    const id = await agent(site().url, {
      health_status: 'up',
      health_since: iso(T0 - HOUR),
      health_checked_at: iso(T0 - HOUR),
    });
    const refusing = (() => Promise.reject(new Error('Too many subrequests.'))) as typeof fetch;
    expect(await run(T0, { fetch: refusing })).toMatchObject({ deferred: 1, down: 0 });
    expect(await healthOf(id)).toEqual({ status: 'up', since: iso(T0 - HOUR), checkedAt: iso(T0 - HOUR) });
  });

  it('asks at most `concurrency` addresses at once', async () => {
    for (let i = 0; i < 9; i++) await agent(site().url);
    let open = 0;
    let most = 0;
    const counting = (async (input: RequestInfo | URL, init?: RequestInit) => {
      most = Math.max(most, ++open);
      try {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return await fetch(input, init);
      } finally {
        open--;
      }
    }) as typeof fetch;
    expect(await run(T0, { fetch: counting, concurrency: 3 })).toMatchObject({ urls: 9, up: 9 });
    expect(most).toBe(3);
  });
});

describe('listing health: the creator hears when their agent goes down', () => {
  it('mails once per time it goes down, not while it stays down, and again after it came back', async () => {
    const creator = await createUser();
    const down = site('head=500&get=500');
    const id = await agent(down.url, { creator_id: creator.id, health_status: 'up', health_since: iso(T0 - 9 * HOUR) });
    await agent(down.url); // no creator: nobody to mail
    const before = (await mailsTo(creator.email)).length;

    expect(await run(T0)).toMatchObject({ down: 2, mailed: 1 });
    const mails = await mailsTo(creator.email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe(`Your agent “Health Agent ${id}” is not responding`);
    expect(mail.text).toContain(`Hi ${creator.username},`);
    expect(mail.text).toContain(`at ${down.url}: it answered with status 500 Internal Server Error.`);
    expect(mail.text).toContain('Since 2026-11-25 06:17 UTC');
    expect(mail.text).toContain(`Edit the agent: http://localhost/submit-agent?edit=${id}`);
    expect(mail.text).toContain('http://localhost/my-agents');
    expect(mail.html).toContain(`href="http://localhost/submit-agent?edit=${id}"`);

    // Still down an hour later: no new mail, and 'since' stays.
    expect(await run(T0 + HOUR)).toMatchObject({ down: 2, mailed: 0 });
    expect(await mailsTo(creator.email)).toHaveLength(before + 1);
    expect(await healthOf(id)).toEqual({ status: 'down', since: iso(T0), checkedAt: iso(T0 + HOUR) });

    // Back up, then down again: a new outage, a new mail.
    await db().prepare('UPDATE agents SET external_url = ? WHERE id = ?').bind(site().url, id).run();
    await run(T0 + 2 * HOUR);
    expect((await healthOf(id))?.status).toBe('up');
    await db()
      .prepare('UPDATE agents SET external_url = ? WHERE id = ?')
      .bind(site('head=hang&get=hang').url, id)
      .run();
    expect(await run(T0 + 3 * HOUR)).toMatchObject({ mailed: 1 });
    const again = (await mailsTo(creator.email)).at(-1)!;
    expect(await mailsTo(creator.email)).toHaveLength(before + 2);
    expect(again.text).toContain('no answer within 0.6 seconds');
    expect(again.text).toContain('Since 2026-11-25 09:17 UTC');
  });

  it('an agent never checked before that is down counts as going down', async () => {
    const creator = await createUser();
    await agent(site('head=drop&get=drop').url, { creator_id: creator.id });
    expect(await run(T0)).toMatchObject({ down: 1, mailed: 1 });
    expect((await mailsTo(creator.email)).at(-1)!.text).toContain('the connection failed');
  });
});

describe('listing health: through the hourly cron', () => {
  it('runs beside prune and logs what it found', async () => {
    const id = await agent(site().url);
    const lines: string[] = [];
    vi.spyOn(console, 'info').mockImplementation((line: string) => void lines.push(line));
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(T0), cron: '17 * * * *' }), testEnv);
    vi.restoreAllMocks();
    expect(await healthOf(id)).toEqual({ status: 'up', since: iso(T0), checkedAt: iso(T0) });
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'listing health', cron: '17 * * * *', agents: 1, urls: 1, up: 1, mailed: 0 }),
    );
    expect(logged).toContainEqual(expect.objectContaining({ msg: 'prune' }));
  });
});

describe('which addresses are asked', () => {
  it.each([
    ['https://agents.acme.io/app', true],
    ['http://203.0.113.9.nip.io/', true],
    ['http://8.8.8.8/', true],
    ['http://[2606:4700::1111]/', true],
    ['ftp://agents.acme.io/', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
    ['http://localhost:8787/', false],
    ['http://api.localhost/', false],
    ['http://127.0.0.1/', false],
    ['http://2130706433/', false],
    ['http://0x7f.1/', false],
    ['http://10.1.2.3/', false],
    ['http://172.16.0.1/', false],
    ['http://192.168.1.1/', false],
    ['http://169.254.169.254/latest/meta-data', false],
    ['http://100.64.0.1/', false],
    ['http://0.0.0.0/', false],
    ['http://[::1]/', false],
    ['http://[::ffff:127.0.0.1]/', false],
    ['http://[fd00::1]/', false],
    ['http://[fe80::1]/', false],
    ['http://intranet/', false],
    ['https://leadscout-pro.agents.example.com/app', false],
    ['https://example.org/', false],
    ['https://shop.test/', false],
    ['http://printer.local/', false],
  ])('%s: %s', (url, asked) => {
    expect(checkableUrl(url, false) !== null).toBe(asked);
  });

  it('LISTING_HEALTH_LOOPBACK=allow opens loopback only, never other private networks', () => {
    expect(checkableUrl('http://127.0.0.1:9/', true)).not.toBeNull();
    expect(checkableUrl('http://[::1]/', true)).not.toBeNull();
    expect(checkableUrl('http://localhost/', true)).not.toBeNull();
    expect(checkableUrl('http://10.0.0.1/', true)).toBeNull();
    expect(checkableUrl('http://169.254.169.254/', true)).toBeNull();
  });
});
