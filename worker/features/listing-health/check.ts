// Listing health (docs/decisions/0043): the hourly cron asks each listed agent's external URL whether it
// answers, and keeps 'up', 'slow' or 'down' with the time that status began on the agent's row, where
// every card and page read it (toAgent's `health`). A creator is mailed when their agent goes down.
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { orm } from '#worker/db/client.ts';
import { agents, users } from '#worker/db/schema.ts';
import { appOrigin, type Bindings } from '#worker/env.ts';
import { bumpCatalogVersion } from '#worker/lib/catalog-version.ts';
import { agentDownMail } from '#worker/lib/health-mail.ts';
import { log } from '#worker/lib/log.ts';
import { PRODUCT_NAME, sendMail } from '#worker/lib/mail.ts';

/**
 * Agents asked per run, the longest unchecked first (index agents_health_checked). Each distinct URL
 * costs one or two subrequests (HEAD, then GET when HEAD is not a clear answer) and each new outage
 * one mail: at most 150 of the Workers Paid plan's 1,000 per invocation, which production needs anyway
 * (docs/decisions/0014). Hourly, that is 1,200 checks a day: every agent at least daily up to 1,200
 * listed agents with an address. Under the Free plan's 50 the runtime refuses the rest, and those
 * agents wait for the next run (`deferred`) rather than count as down.
 */
export const HEALTH_BATCH = 50;
/** Checks at once: a Worker keeps at most 6 outgoing connections open; more would only queue. */
export const HEALTH_CONCURRENCY = 6;
/**
 * How long one request may take before the agent counts as not answering. With the GET that may
 * follow, a URL takes at most 10 s, so a run of 50 takes at most about 90 s, far inside a cron's
 * 15 minutes, and a local run never hangs on an address that does not answer.
 */
export const HEALTH_TIMEOUT_MS = 5_000;
/** An answer after more than this is 'slow': a person trying the agent would wait noticeably. */
export const HEALTH_SLOW_MS = 3_000;

export type HealthStatus = 'up' | 'slow' | 'down';

export interface CheckOptions {
  /** The runtime's fetch unless a test gives another. */
  fetch?: typeof fetch;
  batch?: number;
  concurrency?: number;
  timeoutMs?: number;
  slowMs?: number;
}

export interface CheckSummary {
  /** Agents read for this run. */
  agents: number;
  /** Distinct URLs asked. */
  urls: number;
  up: number;
  slow: number;
  down: number;
  /** Agents whose address is not checked (not http(s), private, a reserved name): only their check time moves. */
  skipped: number;
  /** Agents left for the next run because the runtime refused more subrequests. */
  deferred: number;
  /** Creators mailed about an agent that went down. */
  mailed: number;
  /** Agents whose status changed: any bumps the catalogue's version, so cached pages say it (docs/decisions/0046). */
  changed: number;
}

/** What asking a URL came to. `seen` says it in words for the creator's mail. */
interface Verdict {
  status: HealthStatus;
  seen: string;
}

type Answer =
  { kind: 'answer'; status: number; ms: number } | { kind: 'timeout' } | { kind: 'error' } | { kind: 'limit' };

// Names reserved for documentation, tests and local networks (RFC 2606, 6761, 6762, 8375, and ICANN's
// .internal): no agent is reachable there. The demo catalogue uses *.agents.example.com, so a local
// run of the cron asks nothing outside and keeps the demo's health as the seed set it.
const RESERVED_NAME = /(?:^|\.)(?:example|invalid|test|localhost|local|internal|home\.arpa|example\.(?:com|net|org))$/;

const ipv4 = (host: string): number[] | null => {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number);
};

const isLoopbackV4 = ([a]: number[]) => a === 127;

/** Not on the public internet: this host, private and shared networks, link-local, unspecified, multicast and reserved. */
const isPrivateV4 = ([a, b]: number[]) =>
  a === 0 ||
  a === 10 ||
  a === 127 ||
  (a === 100 && b! >= 64 && b! <= 127) ||
  (a === 169 && b === 254) ||
  (a === 172 && b! >= 16 && b! <= 31) ||
  (a === 192 && b === 168) ||
  (a === 198 && (b === 18 || b === 19)) ||
  a! >= 224;

/** An IPv6 literal's v4 address when it embeds one (::ffff:7f00:1, ::127.0.0.1), else null. */
const embeddedV4 = (host: string): number[] | null => {
  const dotted = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (dotted) return ipv4(dotted[1]!);
  const hex = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!hex) return null;
  const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255];
};

/**
 * The URL to ask, or null when it must not be asked: only http(s), and never an address of this machine
 * or a private network (a listing must not make the worker probe them). Loopback is asked only where
 * LISTING_HEALTH_LOOPBACK=allow says so (the tests' stand-in; scripts/lib/deploy-config.mjs refuses it in
 * a deployed environment). A public name that resolves to a private address cannot be told apart here;
 * a deployed Worker's fetch reaches only the public internet.
 */
export function checkableUrl(raw: string, allowLoopback: boolean): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // The URL parser has already written any IPv4 form (2130706433, 0x7f.1) as a dotted quad.
  const host = url.hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  const v4 = ipv4(host);
  if (v4) return isPrivateV4(v4) && !(allowLoopback && isLoopbackV4(v4)) ? null : url;
  if (host.includes(':')) {
    const inner = embeddedV4(host);
    if (inner) return isPrivateV4(inner) && !(allowLoopback && isLoopbackV4(inner)) ? null : url;
    if (host === '::1') return allowLoopback ? url : null;
    // Unspecified, unique local (fc00::/7), link-local (fe80::/10) and multicast (ff00::/8).
    return host === '::' || /^f[cd]|^fe[89ab]|^ff/.test(host) ? null : url;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return allowLoopback ? url : null;
  // A single label ('intranet') is a local network's name, not a place on the internet.
  if (!host.includes('.') || RESERVED_NAME.test(host)) return null;
  return url;
}

/** Status codes that prove the agent is there even though it did not serve the bare request. */
const answers = (status: number) => status < 500 && status !== 404 && status !== 410;

const REASONS: Record<number, string> = {
  404: 'Not Found',
  410: 'Gone',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * One request: its status and how long the answer took, with the body cancelled unread (only the
 * status is needed). Redirects are not followed: a 3xx is an answer, and following it would spend
 * subrequests and could lead anywhere, a private address included.
 */
async function ask(
  fetcher: typeof fetch,
  url: URL,
  method: 'HEAD' | 'GET',
  o: { timeoutMs: number; userAgent: string },
): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetcher(url.href, {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(o.timeoutMs),
      headers: { 'User-Agent': o.userAgent, Accept: '*/*' },
    });
    const ms = Date.now() - started;
    await res.body?.cancel().catch(() => undefined);
    return { kind: 'answer', status: res.status, ms };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    // The runtime's own limit says nothing about the agent: it is asked again next run.
    if (/too many subrequests/i.test(error instanceof Error ? error.message : String(error))) return { kind: 'limit' };
    if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout' };
    return { kind: 'error' };
  }
}

/**
 * HEAD first (no body comes back); GET when HEAD is not a clear answer (it failed, timed out, or answered
 * 405, 501, 404 or 5xx: some servers handle HEAD badly), and the GET's outcome is the verdict.
 * Up: an answer within `slowMs` that is 2xx, 3xx, or 4xx other than 404 and 410: 401 and 403 mean the
 * agent is there and wants its own sign-in, and 400 or 429 come from a running server too.
 * Slow: such an answer after more than `slowMs`. Down: no answer within `timeoutMs`, a failed
 * connection, 5xx, or 404/410 (the address people are sent to no longer exists).
 * Null: the runtime refused the subrequest (nothing is known).
 */
async function probe(
  fetcher: typeof fetch,
  url: URL,
  o: { timeoutMs: number; slowMs: number; userAgent: string },
): Promise<Verdict | null> {
  let answer = await ask(fetcher, url, 'HEAD', o);
  if (answer.kind === 'limit') return null;
  if (answer.kind !== 'answer' || !answers(answer.status) || answer.status === 405) {
    answer = await ask(fetcher, url, 'GET', o);
    if (answer.kind === 'limit') return null;
  }
  if (answer.kind === 'timeout') return { status: 'down', seen: `no answer within ${o.timeoutMs / 1000} seconds` };
  if (answer.kind !== 'answer')
    return { status: 'down', seen: 'the connection failed (no server answered at that address)' };
  const { status, ms } = answer;
  if (!answers(status)) {
    const reason = REASONS[status];
    return { status: 'down', seen: `it answered with status ${status}${reason ? ` ${reason}` : ''}` };
  }
  return { status: ms > o.slowMs ? 'slow' : 'up', seen: `it answered with status ${status}` };
}

/** Runs `run` on every item, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runner = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
}

/**
 * One run of the hourly check: reads the `batch` listed agents (not hidden, with an address) checked
 * longest ago, asks each distinct URL once, writes every agent's status, the time it began (kept while
 * the status stays the same) and the check's time, then mails the creators of agents that just went
 * down. The 'once' is the write: an agent's row turns 'down' in one statement that only a row not
 * already down passes, so a second run, or a check while it stays down, mails nobody.
 */
export async function checkListingHealth(
  env: Bindings,
  now = Date.now(),
  options: CheckOptions = {},
): Promise<CheckSummary> {
  const o = {
    timeoutMs: options.timeoutMs ?? HEALTH_TIMEOUT_MS,
    slowMs: options.slowMs ?? HEALTH_SLOW_MS,
    userAgent: `${PRODUCT_NAME}-ListingHealth/1.0 (+${appOrigin(env)})`,
  };
  const fetcher = options.fetch ?? fetch;
  const allowLoopback = env.LISTING_HEALTH_LOOPBACK?.trim().toLowerCase() === 'allow';
  const db = orm(env.DB);
  const rows = await db
    .select({
      id: agents.id,
      name: agents.name,
      url: agents.externalUrl,
      status: agents.healthStatus,
      creatorEmail: users.email,
      creatorName: users.username,
    })
    .from(agents)
    .leftJoin(users, eq(users.id, agents.creatorId))
    .where(and(isNotNull(agents.externalUrl), isNull(agents.hiddenAt)))
    // Never checked (NULL) sorts first in SQLite's ascending order.
    .orderBy(asc(agents.healthCheckedAt), asc(agents.id))
    .limit(options.batch ?? HEALTH_BATCH);

  // Agents that share an address are asked once.
  const targets = new Map<string, URL>();
  const keyOf = new Map<number, string | null>();
  for (const row of rows) {
    const url = checkableUrl(row.url ?? '', allowLoopback);
    keyOf.set(row.id, url?.href ?? null);
    if (url) targets.set(url.href, url);
  }
  const verdicts = new Map<string, Verdict | null>();
  await eachLimited([...targets.values()], options.concurrency ?? HEALTH_CONCURRENCY, async (url) => {
    verdicts.set(url.href, await probe(fetcher, url, o));
  });

  const at = new Date(now).toISOString();
  const summary: CheckSummary = {
    agents: rows.length,
    urls: targets.size,
    up: 0,
    slow: 0,
    down: 0,
    skipped: 0,
    deferred: 0,
    mailed: 0,
    changed: 0,
  };
  const skipped: number[] = [];
  const writes: BatchItem<'sqlite'>[] = [];
  /** The index in `writes` of each 'went down' claim, with what the mail needs. */
  const claims: { index: number; row: (typeof rows)[number]; verdict: Verdict }[] = [];
  for (const row of rows) {
    const key = keyOf.get(row.id);
    if (!key) {
      skipped.push(row.id);
      continue;
    }
    const verdict = verdicts.get(key);
    if (!verdict) {
      summary.deferred++;
      continue;
    }
    summary[verdict.status]++;
    if (verdict.status !== row.status) summary.changed++;
    if (verdict.status === 'down') {
      claims.push({ index: writes.length, row, verdict });
      writes.push(
        db
          .update(agents)
          .set({ healthStatus: 'down', healthSince: at })
          .where(and(eq(agents.id, row.id), or(isNull(agents.healthStatus), ne(agents.healthStatus, 'down'))))
          .returning({ id: agents.id }),
        db.update(agents).set({ healthCheckedAt: at }).where(eq(agents.id, row.id)),
      );
    } else {
      writes.push(
        db
          .update(agents)
          .set({
            healthStatus: verdict.status,
            // SET expressions read the row as it was: the start is kept when the status stays the same.
            healthSince: sql`CASE WHEN ${agents.healthStatus} IS ${verdict.status} AND ${agents.healthSince} IS NOT NULL THEN ${agents.healthSince} ELSE ${at} END`,
            healthCheckedAt: at,
          })
          .where(eq(agents.id, row.id)),
      );
    }
  }
  summary.skipped = skipped.length;
  // An unchecked address goes to the back of the queue like a checked one, its status untouched.
  if (skipped.length) writes.push(db.update(agents).set({ healthCheckedAt: at }).where(inArray(agents.id, skipped)));
  if (writes.length === 0) return summary;
  const [first, ...rest] = writes;
  const results = (await db.batch([first!, ...rest])) as unknown[];
  // Cards and pages show the status, and visitors read them through the edge cache.
  if (summary.changed) await bumpCatalogVersion(env.DB);

  const origin = appOrigin(env);
  for (const claim of claims) {
    const claimed = results[claim.index] as { id: number }[];
    if (claimed.length === 0 || !claim.row.creatorEmail || !claim.row.creatorName) continue;
    const sent = await sendMail(
      env,
      agentDownMail({
        to: claim.row.creatorEmail,
        username: claim.row.creatorName,
        agentName: claim.row.name,
        url: claim.row.url!,
        seen: claim.verdict.seen,
        since: at,
        editLink: `${origin}/submit-agent?edit=${claim.row.id}`,
        consoleLink: `${origin}/my-agents`,
      }),
    );
    if (sent) summary.mailed++;
    else log('warn', 'listing health mail not sent', { agentId: claim.row.id });
  }
  return summary;
}
