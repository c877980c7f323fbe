// Reads a deployed environment's configuration from wrangler.toml (through wrangler's own reader, so
// inheritance works exactly as at deploy time) and lists what would make it wrong on Cloudflare.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const DEPLOY_ENVS = ['staging', 'production'];

/**
 * wrangler.toml's ids until someone pastes the ones wrangler prints: D1's (with dashes) and KV's
 * (`wrangler kv namespace create`, without).
 */
export const isPlaceholderId = (id) => !id || /^00000000-?0000-?4000-?8000-?0000000000\d\d$/.test(id);

const LOOPBACK = /^(?:[a-z][\w+.-]*:\/\/)?(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1?\])(?::\d+)?(?:[/?#]|$)/i;

/**
 * Settings only a local run may have: the sandbox checkout (anyone could buy credits for free), the
 * local mail catcher, stand-ins for Stripe, Google or the provider on this machine, and the health
 * check asking loopback addresses.
 */
export const LOCAL_ONLY_VARS = ['PAYMENTS_MODE', 'MAIL_DIR', 'STRIPE_API_BASE', 'LISTING_HEALTH_LOOPBACK'];

export function readDeployConfig(env, configPath = 'wrangler.toml') {
  if (!DEPLOY_ENVS.includes(env)) throw new Error(`Unknown environment "${env}": use ${DEPLOY_ENVS.join(' or ')}`);
  process.env.WRANGLER_SEND_METRICS = 'false';
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  const { unstable_readConfig } = require('wrangler');
  return unstable_readConfig({ config: configPath, env });
}

/** What is wrong with `config` for a deployed environment; `forDeploy` also wants real database ids. */
export function configProblems(config, { forDeploy = false } = {}) {
  const problems = [];
  const vars = config.vars ?? {};
  for (const name of LOCAL_ONLY_VARS) {
    if (name in vars) problems.push(`${name} is set; it belongs to local runs only (npm start, dev, tests)`);
  }
  for (const [name, value] of Object.entries(vars)) {
    if (typeof value === 'string' && LOOPBACK.test(value.trim()))
      problems.push(`${name} points at this machine (${value})`);
  }
  // Links in mail and canonical URLs come from APP_ORIGIN alone (docs/decisions/0024).
  const appOrigin = typeof vars.APP_ORIGIN === 'string' ? vars.APP_ORIGIN.trim() : '';
  if (!appOrigin)
    problems.push(
      "APP_ORIGIN is not set: mailed links, canonical URLs and the sitemap need the site's own https origin",
    );
  else if (!/^https:\/\/[^/\s]+\/?$/i.test(appOrigin))
    problems.push(`APP_ORIGIN must be an https origin with nothing after the host (${appOrigin})`);
  const db = (config.d1_databases ?? []).find((d) => d.binding === 'DB');
  if (!db) problems.push('no D1 database bound as DB');
  else if (forDeploy && isPlaceholderId(db.database_id)) {
    problems.push(
      `database_id of "${db.database_name}" is still the placeholder: paste the id \`wrangler d1 create ${db.database_name}\` printed`,
    );
  }
  // Uploaded pictures live in R2 (docs/decisions/0028); the deploy script creates the bucket.
  if (!(config.r2_buckets ?? []).some((b) => b.binding === 'MEDIA' && b.bucket_name))
    problems.push('no R2 bucket bound as MEDIA (uploaded pictures)');
  // OAuth for the MCP endpoint (docs/decisions/0042): the provider library's storage, by that name.
  const kv = (config.kv_namespaces ?? []).find((k) => k.binding === 'OAUTH_KV');
  if (!kv) problems.push('no KV namespace bound as OAUTH_KV (OAuth for the MCP endpoint)');
  else if (forDeploy && isPlaceholderId(kv.id)) {
    problems.push(
      'the id of the OAUTH_KV namespace is still the placeholder: paste the id `wrangler kv namespace create OAUTH_KV --env <name>` printed',
    );
  }
  // Page views are counted off the request's path (docs/decisions/0047): sent to a queue the worker
  // itself consumes; the deploy script creates it.
  const pageViews = (config.queues?.producers ?? []).find((q) => q.binding === 'PAGE_VIEWS');
  if (!pageViews) problems.push('no queue bound as PAGE_VIEWS (page views)');
  else if (!(config.queues?.consumers ?? []).some((q) => q.queue === pageViews.queue))
    problems.push(`no consumer of the queue "${pageViews.queue}": page views would never be counted`);
  if (!config.triggers?.crons?.length)
    problems.push('no cron trigger: expired sessions and tokens would never be pruned');
  return problems;
}
