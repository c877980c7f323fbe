// Vitest globalSetup (runs in Node): a loopback stand-in for agents' own sites, so the hourly health
// check (check.ts) is tested over real HTTP with the runtime's own fetch, timeouts and body handling.
// Every path answers as its query says, for HEAD and GET apart:
//   head= / get=   a status code (default 200), 'drop' (the connection is cut) or 'hang' (no answer)
//   wait=          milliseconds before answering either
// GET /__requests?prefix=/x lists the requests received whose path starts with /x.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    agentSiteBase: string;
  }
}

export interface SiteRequest {
  method: string;
  path: string;
  userAgent: string | null;
}

/** A GET's body: larger than anything the check should read, so a body it did not cancel would show as a slow test. */
const BODY = 'x'.repeat(256 * 1024);

export default async function setup(project: TestProject) {
  const requests: SiteRequest[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname === '/__requests') {
      const prefix = url.searchParams.get('prefix') ?? '/';
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify(requests.filter((r) => r.path.startsWith(prefix))));
    }
    requests.push({ method: req.method ?? '', path: url.pathname, userAgent: req.headers['user-agent'] ?? null });
    const how = url.searchParams.get(req.method === 'HEAD' ? 'head' : 'get') ?? '200';
    const answer = (res: ServerResponse) => {
      if (how === 'hang') return;
      if (how === 'drop') return void req.socket.destroy();
      const status = Number(how);
      res.writeHead(status, {
        'Content-Type': 'text/plain',
        ...(status >= 300 && status < 400 ? { Location: '/elsewhere' } : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : BODY);
    };
    const wait = Number(url.searchParams.get('wait') ?? 0);
    if (wait > 0) setTimeout(() => answer(res), wait);
    else answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('agentSiteBase', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () =>
    new Promise<void>((resolve) => {
      // Requests left hanging on purpose would hold close() open.
      server.closeAllConnections();
      server.close(() => resolve());
    });
}
