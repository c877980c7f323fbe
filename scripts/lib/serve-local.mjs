// Serves the worker and its static assets in workerd, with its local D1, for `npm start` and the
// end-to-end tests. This is what `wrangler dev` runs, minus the ProxyWorker it puts in front of the
// worker: under load that proxy now and then never answers one of a page's requests (a script the
// page needs), so the page never finishes loading (docs/decisions/0015).
import { mkdirSync, rmSync, watch } from 'node:fs';
import path from 'node:path';
import { Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { wrangler } from './wrangler.mjs';

const LOG_LEVELS = { debug: LogLevel.DEBUG, info: LogLevel.INFO, log: LogLevel.INFO, warn: LogLevel.WARN, error: LogLevel.ERROR, none: LogLevel.NONE };

/**
 * Bundles the worker the way `wrangler deploy` does (same esbuild settings, nodejs_compat polyfills),
 * then serves it with the bindings, variables and assets wrangler.toml (or `configFile`) declares.
 * `persistTo` is the folder `wrangler d1 ... --persist-to` uses, so migrations and seed data apply.
 */
export async function serveLocal({ configFile = 'wrangler.toml', port, host, persistTo, envFile, logLevel = 'info' }) {
  const outdir = path.resolve('.wrangler', 'tmp', `bundle-${port}`);
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  wrangler(['deploy', '--dry-run', '--outdir', outdir, '--config', configFile], { capture: true });

  const { workerOptions } = unstable_getMiniflareWorkerOptions(configFile, undefined, { envFiles: envFile ? [envFile] : [] });
  const options = {
    host,
    port: Number(port),
    // wrangler keeps local state under <persist-to>/v3; reading the same files keeps one database.
    defaultPersistRoot: path.resolve(persistTo, 'v3'),
    d1Persist: true,
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
  const url = await mf.ready;

  // Like wrangler dev, files written into the assets folder are served from then on (a rebuilt
  // service worker is how the e2e test of "Reload to update" looks like a new deployment).
  const assetsDir = workerOptions.assets?.directory;
  let reload = null;
  const watcher = assetsDir
    ? watch(assetsDir, { recursive: true }, () => {
        clearTimeout(reload);
        reload = setTimeout(() => void mf.setOptions(options).catch((error) => console.error('Reloading the static assets failed:', error)), 100);
      })
    : null;
  return {
    url,
    dispose: () => {
      watcher?.close();
      clearTimeout(reload);
      return mf.dispose();
    },
  };
}
