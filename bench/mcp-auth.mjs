// npm run bench -- mcp-auth: what an OAuth access token costs on /mcp against a personal API token
// (docs/decisions/0042). The worker is served as `npm start` serves it, on a fresh seeded database.
// Each round makes a new account with one personal token and one app connected through OAuth (the
// whole flow: registration, consent, PKCE, code exchange), then sends the same MCP request
// (tools/list) with each in turn, alternating request by request, so a noisy moment of a shared
// machine falls on both alike. Each credential makes fewer requests a round than its per-minute
// limit, so no answer is a 429. Prints every round, the medians and p99s and the ratio, and writes
// bench-results/mcp-auth.json.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { wrangler } from '../scripts/lib/wrangler.mjs';
import { median, startBenchServer } from './api-latency.mjs';
import { cookieHeader, newAccountCookies } from './new-account.mjs';

const { values: opts } = parseArgs({
  args: process.argv.slice(3),
  options: {
    rounds: { type: 'string', default: '5' },
    // Below TOKEN_REQUESTS_PER_MINUTE (60) with the setup's own calls.
    requests: { type: 'string', default: '50' },
  },
});
const PORT = Number(process.env.BENCH_PORT ?? 8791);
const ROOT = '.wrangler/bench-mcp-auth';
const persistTo = `${ROOT}/state`;
const REDIRECT = 'http://127.0.0.1:9/callback';
const log = (...args) => console.log('[bench mcp-auth]', ...args);

rmSync(ROOT, { recursive: true, force: true });
mkdirSync(ROOT, { recursive: true });
mkdirSync('bench-results', { recursive: true });
wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], { capture: true });
const seed = spawnSync(process.execPath, ['scripts/seed.mjs', '--persist-to', persistTo], { stdio: 'inherit' });
if (seed.status !== 0) process.exit(seed.status ?? 1);
const { origin, stop } = await startBenchServer({ port: PORT, persistTo, distDir: `${ROOT}/dist` });

async function ok(res, what) {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

/** The cookies a response sets, as `name=value` pairs. */
const pairs = (res) => res.headers.getSetCookie().map((c) => c.split(';')[0]);

/** One account's two credentials: a personal token, and an access token of a connected app. */
async function credentials(round) {
  const cookie = cookieHeader(await newAccountCookies(origin, `mcpauth${round}`));
  const session = { Cookie: cookie, Origin: origin, 'Content-Type': 'application/json' };
  const token = await ok(
    await fetch(`${origin}/api/tokens`, {
      method: 'POST',
      headers: session,
      body: JSON.stringify({ name: 'bench', scopes: ['read', 'try'] }),
    }),
    'personal token',
  ).then((r) => r.json());

  const client = await ok(
    await fetch(`${origin}/oauth/register`, {
      method: 'POST',
      // Registrations are limited per address: each round comes from one of its own.
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `10.99.0.${round}` },
      body: JSON.stringify({
        client_name: 'Bench Assistant',
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    }),
    'registration',
  ).then((r) => r.json());
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = `?${new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    scope: 'read try',
    state: 'bench',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: `${origin}/mcp`,
  })}`;
  const begun = await ok(
    await fetch(`${origin}/api/oauth/consent/begin`, {
      method: 'POST',
      headers: session,
      body: JSON.stringify({ query }),
    }),
    'consent page',
  );
  const { handle } = await begun.json();
  const decided = await ok(
    await fetch(`${origin}/api/oauth/consent`, {
      method: 'POST',
      headers: { ...session, Cookie: [cookie, ...pairs(begun)].join('; ') },
      body: JSON.stringify({ handle, allow: true, scopes: ['read', 'try'], spendLimit: null }),
    }),
    'consent',
  ).then((r) => r.json());
  const code = new URL(decided.redirectTo).searchParams.get('code');
  const tokens = await ok(
    await fetch(`${origin}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        client_id: client.client_id,
        code_verifier: verifier,
        resource: `${origin}/mcp`,
      }),
    }),
    'code exchange',
  ).then((r) => r.json());
  return { personal: token.token, oauth: tokens.access_token };
}

const LIST_TOOLS = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

/** One MCP request's time from sending to the whole answer read, in ms. */
async function timed(bearer) {
  const started = performance.now();
  const res = await fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${bearer}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body: LIST_TOOLS,
  });
  const body = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200 || !body.includes('try_agent')) throw new Error(`/mcp answered ${res.status}: ${body}`);
  return ms;
}

const p99 = (values) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))];
const round2 = (n) => Math.round(n * 100) / 100;
const runs = [];
try {
  for (let round = 1; round <= Number(opts.rounds); round++) {
    const { personal, oauth } = await credentials(round);
    await timed(personal); // warm the isolate
    await timed(oauth);
    const times = { personal: [], oauth: [] };
    for (let i = 0; i < Number(opts.requests); i++) {
      // Alternate which goes first, so neither always follows the other.
      const order = i % 2 ? ['oauth', 'personal'] : ['personal', 'oauth'];
      for (const kind of order) times[kind].push(await timed(kind === 'personal' ? personal : oauth));
    }
    const run = {
      round,
      personal: { p50: round2(median(times.personal)), p99: round2(p99(times.personal)) },
      oauth: { p50: round2(median(times.oauth)), p99: round2(p99(times.oauth)) },
    };
    run.extraP50Ms = round2(run.oauth.p50 - run.personal.p50);
    run.ratioP50 = round2(run.oauth.p50 / run.personal.p50);
    runs.push(run);
    log(JSON.stringify(run));
  }
} finally {
  stop();
}

const summary = {
  rounds: runs.length,
  requestsPerCredentialPerRound: Number(opts.requests),
  personalP50: round2(median(runs.map((r) => r.personal.p50))),
  personalP99: round2(median(runs.map((r) => r.personal.p99))),
  oauthP50: round2(median(runs.map((r) => r.oauth.p50))),
  oauthP99: round2(median(runs.map((r) => r.oauth.p99))),
  extraP50Ms: round2(median(runs.map((r) => r.extraP50Ms))),
  ratioP50: round2(median(runs.map((r) => r.ratioP50))),
};
log('median of rounds', JSON.stringify(summary));
writeFileSync('bench-results/mcp-auth.json', `${JSON.stringify({ summary, runs }, null, 2)}\n`);
