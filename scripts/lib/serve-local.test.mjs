// The local server (`npm start`, the e2e and bench servers) answers every request or refuses it
// cleanly, never drops one: not on a kept-alive connection a client reuses after a pause, not while
// the assets folder is reloaded (docs/decisions/0020). Run with `npm run test:server`.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { serveLocal } from './serve-local.mjs';

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
    ['name = "serve-local-test"', 'main = "index.js"', 'compatibility_date = "2025-01-01"', '[assets]', 'directory = "public"', 'binding = "ASSETS"', ''].join('\n'),
  );
  server = await serveLocal({ configFile: path.join(dir, 'wrangler.toml'), port: 0, host: '127.0.0.1', persistTo: path.join(dir, 'state'), logLevel: 'warn' });
  base = new URL(server.url);
});

after(async () => {
  await server?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** One request through `agent`: its status, body and whether it went out on a kept-alive connection. */
function send(agent, pathname, { method = 'GET', body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, path: pathname, method, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, text, reused: req.reusedSocket }));
      res.on('error', reject);
    });
    req.on('error', (error) => reject(Object.assign(error, { pathname })));
    req.end(body);
  });
}

/** Blocks this process's event loop, as a busy test runner on a loaded machine does now and then. */
function stall(ms) {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

test('a kept-alive connection reused after a pause is answered, even when the client is late to notice anything', async () => {
  // Playwright's request context (page.request) pools connections like this and never closes one by itself.
  const agent = new http.Agent({ keepAlive: true });
  try {
    const first = await Promise.all(Array.from({ length: 4 }, (_, i) => send(agent, '/echo', { method: 'POST', body: `hello ${i}` })));
    assert.deepEqual(first.map((r) => r.text), ['hello 0', 'hello 1', 'hello 2', 'hello 3']);
    // Idle for about as long as an a11y scan takes between two API calls of one test, the client's
    // event loop held up from 4 to 5.5 s of that: across workerd's own idle limit of five seconds.
    await sleep(4_000);
    stall(1_500);
    const again = await Promise.all(Array.from({ length: 4 }, (_, i) => send(agent, '/echo', { method: 'POST', body: `again ${i}` })));
    assert.deepEqual(again.map((r) => r.text), ['again 0', 'again 1', 'again 2', 'again 3']);
    // The point of the test: these went out on the pooled connections, not on new ones.
    assert.ok(again.every((r) => r.reused), 'the second requests reuse the pooled connections');
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
  const slow = send(new http.Agent({ keepAlive: true }), '/slow?ms=1500').catch((error) => ({ error: `${error.code ?? ''} ${error.message}` }));
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
  assert.deepEqual(clients.map((c) => c.statuses), Array.from(clients, () => [404, 200]));
});
