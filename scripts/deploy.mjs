#!/usr/bin/env node
// npm run deploy [-- --env staging|production] [--dry-run]: builds the app, applies the D1 migrations
// to the environment's remote database, then deploys the worker with its static assets. Production
// is the default. --dry-run builds and bundles without touching Cloudflare (no account needed).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { configProblems, DEPLOY_ENVS, readDeployConfig } from './lib/deploy-config.mjs';
import { quietEnv, wrangler } from './lib/wrangler.mjs';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const envFlag = args.findIndex((a) => a === '--env' || a.startsWith('--env='));
const env = envFlag < 0 ? 'production' : args[envFlag].includes('=') ? args[envFlag].split('=')[1] : args[envFlag + 1];
const dryRun = args.includes('--dry-run');

if (!DEPLOY_ENVS.includes(env)) {
  console.error(`npm run deploy -- --env ${DEPLOY_ENVS.join('|')} [--dry-run]   (got "${env ?? ''}")`);
  process.exit(2);
}

function step(label, fn) {
  const started = Date.now();
  console.log(`> ${label}`);
  fn();
  console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

const config = readDeployConfig(env);
const problems = configProblems(config, { forDeploy: !dryRun });
if (problems.length) {
  console.error(`wrangler.toml [env.${env}] cannot be deployed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
const db = config.d1_databases.find((d) => d.binding === 'DB');
console.log(
  `Deploying "${config.name}" (env ${env}) with D1 database "${db.database_name}"${dryRun ? ' (dry run)' : ''}`,
);

step('Building the app', () => {
  const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: quietEnv(),
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // The server renderer the worker imports (#app-ssr, docs/decisions/0012).
  const ssr = spawnSync(process.execPath, [vite, 'build', '--config', 'vite.ssr.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: quietEnv(),
  });
  if (ssr.status !== 0) process.exit(ssr.status ?? 1);
});

const run = (label, wranglerArgs) =>
  step(label, () => {
    try {
      wrangler(wranglerArgs);
    } catch (error) {
      console.error(error.message);
      process.exit(1);
    }
  });

if (dryRun) {
  console.log('> Skipping `wrangler d1 migrations apply --remote` (dry run)');
  run('Bundling the worker (wrangler deploy --dry-run)', [
    'deploy',
    '--env',
    env,
    '--dry-run',
    '--outdir',
    path.join('.wrangler', 'tmp', `deploy-${env}`),
  ]);
} else {
  // Migrations first: the new code may read a column only they add. Each migration is additive, so
  // the previous version keeps working on the migrated database until the deploy switches over.
  run(`Applying D1 migrations to the remote database "${db.database_name}"`, [
    'd1',
    'migrations',
    'apply',
    'DB',
    '--remote',
    '--env',
    env,
  ]);
  // The pictures bucket (docs/decisions/0028): created once; an existing one is left as it is.
  const media = config.r2_buckets.find((b) => b.binding === 'MEDIA');
  step(`Creating the R2 bucket "${media.bucket_name}" unless it exists`, () => {
    try {
      wrangler(['r2', 'bucket', 'create', media.bucket_name], { capture: true });
    } catch (error) {
      if (!/already exists|already own it/i.test(error.message)) {
        console.error(error.message);
        process.exit(1);
      }
    }
  });
  // The page views' queue (docs/decisions/0047): a deploy naming a queue that is not there fails.
  const pageViews = config.queues.producers.find((q) => q.binding === 'PAGE_VIEWS');
  step(`Creating the queue "${pageViews.queue}" unless it exists`, () => {
    try {
      wrangler(['queues', 'create', pageViews.queue], { capture: true });
    } catch (error) {
      if (!/already (exists|taken)/i.test(error.message)) {
        console.error(error.message);
        process.exit(1);
      }
    }
  });
  run('Deploying the worker and the app', ['deploy', '--env', env]);
}
