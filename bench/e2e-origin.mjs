import { spawn } from 'node:child_process';

/**
 * The origin a bench part measures: `origin` when given (a server already running), else the app
 * served as the end-to-end tests serve it (scripts/e2e-server.mjs: a fresh seeded database) on
 * `port`, stopped when the bench exits.
 */
export async function e2eOrigin({ origin, port }) {
  if (origin) return origin;
  const served = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: port },
  });
  process.on('exit', () => server.kill('SIGTERM'));
  for (let i = 0; ; i++) {
    if (
      await fetch(`${served}/api/config`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return served;
    if (i > 300) throw new Error(`${served} did not start`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}
