// Vitest globalSetup (Node): the same mail catcher npm start runs, on the port whose URL
// vitest.worker.config.ts gave the worker as MAIL_API_URL. Tests read messages back through
// GET /emails?to=… (worker/test/mail.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error: a plain ESM script without type declarations
import { startMailCatcher } from '../../scripts/mail-catcher.mjs';

export default async function setup() {
  const dir = mkdtempSync(path.join(tmpdir(), 'worker-test-mail-'));
  const catcher = (await startMailCatcher({
    port: Number(process.env.WORKER_TEST_MAIL_PORT),
    dir,
    log: () => undefined,
  })) as { close(): Promise<void> };
  return async () => {
    await catcher.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
