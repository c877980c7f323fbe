// Serves the worker and its static assets in workerd, with its local D1, for `npm start` and the
// end-to-end tests. This is what `wrangler dev` runs, minus the ProxyWorker it puts in front of the
// worker: under load that proxy now and then never answers one of a page's requests (a script the
// page needs), so the page never finishes loading (docs/decisions/0015).
// A small Node HTTP front owns the public port, so no request is dropped: workerd closes a connection
// idle for 5 s without saying so and is restarted on every change of the assets (docs/decisions/0020).
import { mkdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { wrangler } from './wrangler.mjs';

/** Longer than any client keeps an idle connection (Chromium 5 min), so the client is always the one to close it. */
const KEEP_ALIVE_MS = 10 * 60_000;
/** How long a reload of the assets waits for the responses under way to finish. */
const DRAIN_MS = 15_000;
// Per connection, never forwarded (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
/**
 * When the worker answers before reading the body (its size limit refuses on Content-Length alone),
 * workerd reads off and drops at most this much of the rest within a second (KJ's
 * canceledUploadGraceBytes), then closes the connection with the rest unread: a reset, which takes
 * the answer with it (a 5 MB body got 502 or a reset instead of the worker's 413 in 30 tries out of
 * 30). Smaller bodies are safe.
 */
const UNREAD_BODY_GRACE_BYTES = 64 * 1024;
/** How long the worker may take to answer a request asked again without its body (see `proxy`). */
const ANSWER_WITHOUT_BODY_MS = 10_000;

const LOG_LEVELS = {
  debug: LogLevel.DEBUG,
  info: LogLevel.INFO,
  log: LogLevel.INFO,
  warn: LogLevel.WARN,
  error: LogLevel.ERROR,
  none: LogLevel.NONE,
};

/**
 * wrangler.toml serves ./dist. For another folder, a config in .wrangler/tmp (as `name`) whose paths
 * point back at the project, keeping every other setting (asset routing, D1): its path.
 */
export function configServing(distDir, name) {
  const dir = path.resolve('.wrangler', 'tmp');
  mkdirSync(dir, { recursive: true });
  const rel = (p) => path.relative(dir, path.resolve(p));
  const base = readFileSync('wrangler.toml', 'utf8')
    .replace(/^main = .*$/m, `main = ${JSON.stringify(rel('worker/index.ts'))}`)
    .replace(/^directory = .*$/m, `directory = ${JSON.stringify(rel(distDir))}`)
    .replace(/^migrations_dir = .*$/m, `migrations_dir = ${JSON.stringify(rel('migrations'))}`)
    // The alias stand-ins (docs/decisions/0033).
    .replace(/"\.\/(worker\/[^"]+)"/g, (_, file) => JSON.stringify(rel(file)));
  const file = path.join(dir, name);
  writeFileSync(file, base);
  return file;
}

/**
 * Bundles the worker the way `wrangler deploy` does (same esbuild settings, nodejs_compat polyfills),
 * then serves it with the bindings, variables and assets wrangler.toml (or `configFile`) declares.
 * `persistTo` is the folder `wrangler d1 ... --persist-to` uses, so migrations and seed data apply.
 */
export async function serveLocal({ configFile = 'wrangler.toml', port, host, persistTo, envFile, logLevel = 'info' }) {
  const outdir = path.resolve('.wrangler', 'tmp', `bundle-${Number(port) || process.pid}`);
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  wrangler(['deploy', '--dry-run', '--outdir', outdir, '--config', configFile], { capture: true });

  const { workerOptions } = unstable_getMiniflareWorkerOptions(configFile, undefined, {
    envFiles: envFile ? [envFile] : [],
  });
  const options = {
    // workerd listens on loopback only, on a port of its own; the front below takes `host`:`port`.
    host: '127.0.0.1',
    port: 0,
    // wrangler keeps local state under <persist-to>/v3; reading the same files keeps one database.
    defaultPersistRoot: path.resolve(persistTo, 'v3'),
    d1Persist: true,
    // Uploaded pictures (the MEDIA bucket), beside the database as `wrangler dev` keeps them.
    r2Persist: true,
    // OAuth apps, grants and tokens (OAUTH_KV), kept across restarts like the rows that name them.
    kvPersist: true,
    cachePersist: true,
    // No request to Cloudflare for request.cf (the machine may be offline).
    cf: false,
    log: new Log(LOG_LEVELS[logLevel] ?? LogLevel.INFO),
    // /cdn-cgi/handler/scheduled runs the cron handler by hand, as `wrangler dev --test-scheduled` does.
    unsafeTriggerHandlers: true,
    workers: [
      {
        name: 'agent-marketplace',
        ...workerOptions,
        modules: true,
        modulesRoot: outdir,
        scriptPath: path.join(outdir, 'index.js'),
      },
    ],
  };
  const mf = new Miniflare(options);
  const upstream = new Upstream(mf, options);
  await upstream.start();
  const front = frontServer(upstream);
  try {
    await new Promise((resolve, reject) => {
      front.once('error', reject);
      front.listen(Number(port), host, resolve);
    });
  } catch (error) {
    await upstream.dispose();
    throw error.code === 'EADDRINUSE'
      ? new Error(`Port ${port} on ${host} is already in use: stop what listens there or set PORT.`)
      : error;
  }
  const address = front.address();
  const url = new URL(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}/`);

  // Like wrangler dev, files written into the assets folder are served from then on (a rebuilt
  // service worker is how the e2e test of "Reload to update" looks like a new deployment).
  const assetsDir = workerOptions.assets?.directory;
  let reload = null;
  const watcher = assetsDir
    ? watch(assetsDir, { recursive: true }, () => {
        clearTimeout(reload);
        reload = setTimeout(() => upstream.reload(), 100);
      })
    : null;
  return {
    url,
    dispose: async () => {
      watcher?.close();
      clearTimeout(reload);
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await upstream.dispose();
    },
  };
}

/**
 * workerd behind the front. Miniflare applies new options by killing workerd and starting another
 * (a new port, every connection to the old one reset), so a reload first holds new requests, lets
 * the ones under way finish, restarts, then lets the held ones through.
 */
class Upstream {
  #mf;
  #options;
  #url = null;
  /** Settles when a reload under way is done; null when none is. */
  #reloading = null;
  #reloadAgain = false;
  #active = 0;
  #idle = [];

  constructor(mf, options) {
    this.#mf = mf;
    this.#options = options;
  }

  async start() {
    this.#url = await this.#mf.ready;
  }

  /** Runs `send(url)` against a workerd that stays up until the promise it returns settles. */
  async use(send) {
    while (this.#reloading) await this.#reloading;
    this.#active += 1;
    try {
      return await send(this.#url);
    } finally {
      this.#active -= 1;
      if (this.#active === 0) for (const resolve of this.#idle.splice(0)) resolve();
    }
  }

  reload() {
    // A change while restarting: once more afterwards, so the last files written are what is served.
    if (this.#reloading) {
      this.#reloadAgain = true;
      return;
    }
    this.#reloading = (async () => {
      do {
        this.#reloadAgain = false;
        await this.#drained();
        try {
          await this.#mf.setOptions(this.#options);
          this.#url = await this.#mf.ready;
        } catch (error) {
          console.error('Reloading the static assets failed:', error);
        }
      } while (this.#reloadAgain);
    })().finally(() => {
      this.#reloading = null;
    });
  }

  /** Resolves when no request is under way, or after DRAIN_MS for one that never ends. */
  #drained() {
    if (this.#active === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, DRAIN_MS);
      this.#idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async dispose() {
    while (this.#reloading) await this.#reloading;
    await this.#mf.dispose();
  }
}

/** Raw header pairs without the hop-by-hop ones. */
function endToEnd(rawHeaders) {
  const pairs = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (!HOP_BY_HOP.has(rawHeaders[i].toLowerCase())) pairs.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  return pairs;
}

/** Answers the request with a plain-text error unless its response has begun (then it can only be cut). */
function fail(res, status, message) {
  if (res.destroyed || res.writableEnded) return;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`${message}\n`);
}

/**
 * The public side. Idle connections stay open for KEEP_ALIVE_MS and say so (`Keep-Alive: timeout=`),
 * and each request reaches workerd on a connection of its own, so no request is ever written to a
 * connection its server is closing.
 */
function frontServer(upstream) {
  const server = http.createServer({ keepAliveTimeout: KEEP_ALIVE_MS }, (req, res) => {
    const headers = endToEnd(req.rawHeaders);
    // What workerd would have set itself from the client's address (the worker limits by it).
    if (req.headers['cf-connecting-ip'] === undefined && req.socket.remoteAddress) {
      headers.push('CF-Connecting-IP', req.socket.remoteAddress.replace(/^::ffff:/, ''));
    }
    let gone = false;
    res.once('close', () => (gone = true));
    upstream
      .use(
        (url) =>
          new Promise((resolve) => {
            // Held through a reload by a client that has since gone: nothing left to answer.
            if (gone) return resolve();
            res.once('close', resolve);
            proxy(url, req, res, headers);
          }),
      )
      .catch((error) => fail(res, 502, `The local worker did not answer (${error.message}).`));
  });
  // The app serves no WebSocket; refuse one plainly rather than leave it hanging.
  server.on('upgrade', (_req, socket) =>
    socket.end('HTTP/1.1 501 Not Implemented\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'),
  );
  return server;
}

/**
 * Forwards one request to workerd and its answer back. A body larger than workerd drops unread
 * (UNREAD_BODY_GRACE_BYTES) may be answered before it is read, and that answer may be lost to the
 * reset that follows. So for such a body the answer is taken whole before it is passed on, and the
 * rest of the body is read and dropped here, so the client gets the answer rather than a reset;
 * when the reset took the answer, the worker is asked again with the headers alone: an answer
 * given without reading the body comes back the same, now with nothing left unread.
 */
function proxy(url, req, res, headers) {
  const target = { host: url.hostname, port: url.port, method: req.method, path: req.url, headers, agent: false };
  const large = Number(req.headers['content-length']) > UNREAD_BODY_GRACE_BYTES;
  const didNotAnswer = (error) => `The local worker did not answer (${error.code ?? error.message}).`;
  /** A large body's answer while it is being taken whole. */
  let early = null;
  /** The request asked again without the body, and how long it may take. */
  let again = null;
  let timer = null;

  const pass = (answer) => {
    if (res.headersSent || res.destroyed) return answer.resume();
    res.writeHead(answer.statusCode, answer.statusMessage, endToEnd(answer.rawHeaders));
    pipeline(answer, res, () => {});
  };
  // No more of the body goes to workerd; the rest is read and dropped, so the client can finish
  // sending it and read the answer.
  const dropBody = () => {
    req.unpipe(forward);
    req.resume();
  };
  const askAgain = (error) => {
    if (again || early?.complete || res.headersSent || res.destroyed) return;
    if (!large) return fail(res, 502, didNotAnswer(error));
    again = http.request(target, (answer) => {
      clearTimeout(timer);
      pass(answer);
    });
    timer = setTimeout(() => again.destroy(new Error('no answer without the body')), ANSWER_WITHOUT_BODY_MS);
    again.on('error', (failure) => {
      clearTimeout(timer);
      fail(res, 502, didNotAnswer(failure));
    });
    // The same Content-Length, no body: whatever the worker answers without reading one.
    again.flushHeaders();
  };

  const forward = http.request(target, (answer) => {
    if (!large) return pass(answer);
    dropBody();
    early = answer;
    const chunks = [];
    answer.on('data', (chunk) => chunks.push(chunk));
    answer.on('end', () => {
      if (res.headersSent || res.destroyed) return;
      res.writeHead(answer.statusCode, answer.statusMessage, endToEnd(answer.rawHeaders));
      res.end(Buffer.concat(chunks));
    });
    answer.on('close', () => {
      if (!answer.complete) askAgain(new Error('cut off'));
    });
  });
  forward.on('error', (error) => {
    dropBody();
    askAgain(error);
  });
  // A client that goes away takes its forwarded requests with it.
  res.once('close', () => {
    clearTimeout(timer);
    forward.destroy();
    again?.destroy();
  });
  // Not pipeline(): a reset of the forwarded request must not tear down the client's connection
  // before it has its answer.
  req.pipe(forward);
}
