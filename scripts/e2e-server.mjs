#!/usr/bin/env node
// Serves the app for end-to-end tests the way `npm start` does, from a fresh local database so each
// run starts from the same seeded state. Test-only configuration (admin account, Google client) is set here.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const port = process.env.PORT ?? '8799';
const persistTo = `.wrangler/e2e-${port}/state`;
rmSync(persistTo, { recursive: true, force: true });
rmSync(`.wrangler/e2e-${port}/mail`, { recursive: true, force: true });

const child = spawn(process.execPath, ['scripts/start.mjs'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    D1_PERSIST_TO: persistTo,
    // npm test builds once (its build part) and passes that build on; alone, build into a folder of this port's.
    ...(process.env.PREBUILT_DIST
      ? { DIST_DIR: process.env.PREBUILT_DIST, SKIP_BUILD: '1' }
      : { DIST_DIR: `.wrangler/e2e-${port}/dist` }),
    // takeover-target@example.cc has no account: e2e/account-security.spec.ts registers it as an attacker would.
    ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? 'admin@example.cc,takeover-target@example.cc',
    // Always the OpenID provider stand-in e2e/google.spec.ts starts on PORT + 100, never a real
    // Google client that happens to be in the shell.
    GOOGLE_CLIENT_ID: 'e2e-client.apps.example',
    GOOGLE_CLIENT_SECRET: 'e2e-client-secret',
    GOOGLE_ISSUER: `http://127.0.0.1:${Number(port) + 100}`,
    WRANGLER_LOG_LEVEL: 'warn',
    // Each run's mail in its own folder (e2e/support reads it); always the local catcher.
    MAIL_DIR: `.wrangler/e2e-${port}/mail`,
    MAIL_API_URL: '',
    PAYMENTS_MODE: 'sandbox',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
