// The local server (`npm start`, the e2e and bench servers) answers every request or refuses it
// cleanly, never drops one: not on a kept-alive connection a client reuses after a pause, not while
// the assets folder is reloaded (docs/decisions/0020), not when the worker refuses a large body
// before reading it. The app's own worker and assets, served as `npm start` serves them, answer a
// missing build file 404 with no long cache. Run with `npm run test:server`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { configServing, serveLocal } from './serve-local.mjs';

// A worker with the two things the app's worker has that matter here: static assets it can be
// asked for, and responses that take a while (a server-rendered page, a D1 write).
const WORKER = `export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/slow') {
      await new Promise((resolve) => setTimeout(resolve, Number(url.searchParams.get('ms'))));
      return new Response('slow done');
    }
    if (url.pathname === '/echo') return new Response(await request.text());
    // As the app's body limit does: refused on Content-Length, the body never read.
    if (url.pathname === '/limited' && Number(request.headers.get('content-length')) > 65536) {
      return Response.json({ error: 'The request body is too large' }, { status: 413 });
    }
    return env.ASSETS.fetch(request);
  },
};
`;

let dir;
let server;
let base;

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'serve-local-'));
  mkdirSync(path.join(dir, 'public'));
  writeFileSync(path.join(dir, 'public', 'index.html'), '<!doctype html><title>Test</title>');
  writeFileSync(path.join(dir, 'index.js'), WORKER);
  writeFileSync(
    path.join(dir, 'wrangler.toml'),
    [
      'name = "serve-local-test"',
      'main = "index.js"',
      'compatibility_date = "2025-01-01"',
      '[assets]',
      'directory = "public"',
      'binding = "ASSETS"',
      '',
    ].join('\n'),
  );
  server = await serveLocal({
    configFile: path.join(dir, 'wrangler.toml'),
    port: 0,
    host: '127.0.0.1',
    persistTo: path.join(dir, 'state'),
    logLevel: 'warn',
  });
  base = new URL(server.url);
});

after(async () => {
  await server?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** One request through `agent`: its status, body and whether it went out on a kept-alive connection. */
function send(agent, pathname, { method = 'GET', body, headers = {}, to = base, withHeaders = false } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: to.hostname, port: to.port, path: pathname, method, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          text,
          reused: req.reusedSocket,
          ...(withHeaders ? { headers: res.headers } : {}),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', (error) => reject(Object.assign(error, { pathname })));
    req.end(body);
  });
}

/** 5 MB, far over any body the worker takes (64 KiB, 4 MB for pictures). */
const HUGE = Buffer.alloc(5 * 1024 * 1024, 'x');

/** Blocks this process's event loop, as a busy test runner on a loaded machine does now and then. */
function stall(ms) {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

test('a kept-alive connection reused after a pause is answered, even when the client is late to notice anything', async () => {
  // Playwright's request context (page.request) pools connections like this and never closes one by itself.
  const agent = new http.Agent({ keepAlive: true });
  try {
    const first = await Promise.all(
      Array.from({ length: 4 }, (_, i) => send(agent, '/echo', { method: 'POST', body: `hello ${i}` })),
    );
    assert.deepEqual(
      first.map((r) => r.text),
      ['hello 0', 'hello 1', 'hello 2', 'hello 3'],
    );
    // Idle for about as long as an a11y scan takes between two API calls of one test, the client's
    // event loop held up from 4 to 5.5 s of that: across workerd's own idle limit of five seconds.
    await sleep(4_000);
    stall(1_500);
    const again = await Promise.all(
      Array.from({ length: 4 }, (_, i) => send(agent, '/echo', { method: 'POST', body: `again ${i}` })),
    );
    assert.deepEqual(
      again.map((r) => r.text),
      ['again 0', 'again 1', 'again 2', 'again 3'],
    );
    // The point of the test: these went out on the pooled connections, not on new ones.
    assert.ok(
      again.every((r) => r.reused),
      'the second requests reuse the pooled connections',
    );
  } finally {
    agent.destroy();
  }
});

test('requests before, during and after a reload of the assets are all answered', async () => {
  const errors = [];
  let stop = false;
  // Four clients keep asking, each on its own kept-alive connections, like a page and its API calls.
  // Each notes the answers it gets for a file that is not there yet: served only once the server has
  // reloaded its assets (an existing file's new content is read from disk even before that).
  const clients = Array.from({ length: 4 }, () => ({ statuses: [] }));
  const loop = async (client) => {
    const agent = new http.Agent({ keepAlive: true });
    for (let count = 0; !stop; count++) {
      const pathname = count % 3 === 2 ? '/slow?ms=200' : '/added.txt';
      try {
        const res = await send(agent, pathname);
        if (pathname === '/slow?ms=200') assert.equal(res.text, 'slow done');
        else if (client.statuses.at(-1) !== res.status) client.statuses.push(res.status);
      } catch (error) {
        errors.push(`${pathname}: ${error.code ?? ''} ${error.message}`);
      }
    }
    agent.destroy();
  };
  const loops = clients.map(loop);
  await sleep(300);
  // A response still being written when the assets change.
  const slow = send(new http.Agent({ keepAlive: true }), '/slow?ms=1500').catch((error) => ({
    error: `${error.code ?? ''} ${error.message}`,
  }));
  await sleep(100);
  writeFileSync(path.join(dir, 'public', 'added.txt'), 'added');
  const deadline = Date.now() + 30_000;
  while (!clients.every((c) => c.statuses.includes(200)) && Date.now() < deadline) await sleep(50);
  await sleep(300);
  stop = true;
  await Promise.all(loops);

  assert.deepEqual(errors, [], 'every request is answered');
  assert.deepEqual(await slow, { status: 200, text: 'slow done', reused: false });
  // Each client asked before and after the reload, and never got the old answer after the new one.
  assert.deepEqual(
    clients.map((c) => c.statuses),
    Array.from(clients, () => [404, 200]),
  );
});

test("a body the worker refuses before reading it gets the worker's 413, every time, on a connection that stays usable", async () => {
  // workerd drops the connection on a large unread rest, answer and all: this was a 502 or a reset.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < 10; i++) {
      const res = await send(agent, '/limited', {
        method: 'POST',
        body: HUGE,
        headers: { 'Content-Type': 'application/json' },
      });
      assert.deepEqual(
        [res.status, JSON.parse(res.text)],
        [413, { error: 'The request body is too large' }],
        `try ${i + 1}`,
      );
    }
    const next = await send(agent, '/echo', { method: 'POST', body: 'after' });
    assert.deepEqual([next.text, next.reused], ['after', true]);
  } finally {
    agent.destroy();
  }
});

test('a large body the worker reads still arrives whole', async () => {
  const body = Buffer.alloc(3 * 1024 * 1024, 'y');
  const res = await send(new http.Agent(), '/echo', { method: 'POST', body });
  assert.equal(res.status, 200);
  assert.equal(res.text, body.toString());
});

// The app's own worker, wrangler.toml's asset settings and the built files with public/_headers: the
// asset router is Cloudflare's own code (Miniflare runs it), so what it answers here a deploy answers.
describe('the app as npm start serves it', () => {
  let app;
  let appBase;
  let state;
  let configFile;
  const get = (pathname, headers = {}) => send(new http.Agent(), pathname, { headers, to: appBase, withHeaders: true });

  before(async () => {
    // npm test's build part made it (PREBUILT_DIST); alone, the same build:test is made or reused.
    const dist = process.env.PREBUILT_DIST ?? '.wrangler/test-build/dist';
    if (!existsSync(path.join(dist, 'index.html')) || !existsSync('dist-ssr/entry-server.js')) {
      const built = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'build:test'], {
        stdio: 'inherit',
      });
      assert.equal(built.status, 0, 'npm run build:test');
    }
    state = mkdtempSync(path.join(os.tmpdir(), 'serve-local-app-'));
    configFile = configServing(dist, `wrangler-serve-local-test-${process.pid}.toml`);
    app = await serveLocal({ configFile, port: 0, host: '127.0.0.1', persistTo: state, logLevel: 'warn' });
    appBase = new URL(app.url);
  });

  after(async () => {
    await app?.dispose();
    if (state) rmSync(state, { recursive: true, force: true });
    if (configFile) rmSync(configFile, { force: true });
  });

  test('a build file that is not there is a 404 nobody keeps, never the app with a year-long cache', async () => {
    const dist = process.env.PREBUILT_DIST ?? '.wrangler/test-build/dist';
    const chunk = readdirSync(path.join(dist, 'assets')).find((file) => file.endsWith('.js'));
    const there = await get(`/assets/${chunk}`);
    assert.equal(there.status, 200);
    assert.equal(there.headers['cache-control'], 'public, max-age=31536000, immutable');

    // As an old page asks during a deploy: a script, and a navigation to one.
    for (const headers of [
      { 'Sec-Fetch-Dest': 'script', 'Sec-Fetch-Mode': 'cors' },
      { 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' },
    ]) {
      const gone = await get('/assets/gone-abc123.js', headers);
      assert.equal(gone.status, 404, JSON.stringify(headers));
      assert.doesNotMatch(gone.headers['cache-control'] ?? '', /immutable|max-age=[1-9]/);
      assert.doesNotMatch(gone.text, /<!doctype html>/i);
    }
  });

  test("a signed-in page's unknown path still gets the app, and /api never does", async () => {
    const page = await get('/settings/no-such-tab', { 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' });
    assert.equal(page.status, 200);
    assert.match(page.headers['content-type'], /^text\/html/);
    assert.match(page.text, /<div id="root">/);
    const api = await get('/api/no-such-thing');
    assert.equal(api.status, 404);
    assert.match(api.headers['content-type'], /^application\/json/);
  });

  test("a 5 MB body gets the worker's own 413, every time", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await send(new http.Agent(), '/api/auth/login', {
        method: 'POST',
        body: HUGE,
        headers: { 'Content-Type': 'application/json' },
        to: appBase,
      });
      assert.equal(res.status, 413, `try ${i + 1}: ${res.text}`);
      assert.equal(JSON.parse(res.text).error, 'The request body is too large');
    }
  });
});
