// Vitest globalSetup (runs in Node): a loopback stand-in for the external agents provider speaking
// docs/product.md#provider's wire format, so provider mode is tested over real HTTP. GET /__requests lists what it
// received. Magic values make it fail: product 'broken' (listAll 500), password 'provider-down'
// (login 500), email 'no-tokens@...' (login without tokens), hoa id 'hoa-fail' (countUsage 500),
// business id 'biz-down' (usage summary 500).
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    providerBase: string;
  }
}

export interface RecordedRequest {
  path: string;
  authorization: string | null;
  body: unknown;
}

export const STAND_IN_PASSWORD = 'provider-pass';

/** The listing every product (except 'broken') returns. */
export const STAND_IN_AGENTS = [
  {
    hoaId: 'hoa-alpha',
    agent_name: 'Alpha Writer',
    description: 'Drafts marketing copy from a brief.',
    features: ['Tone control', 'SEO hints'],
    video_url: 'https://video.example/alpha',
    agent_image_path: 'https://img.example/alpha.png',
    agent_url: 'https://agents.example/alpha',
    credits: 4,
    business_department: 'Marketing Ops',
    businessCategory: 'Content Creation',
  },
  {
    id: 4242,
    name: 'Numeric Navigator',
    description: 'Plans delivery routes.',
    image_url: 'https://img.example/nav.png',
    external_url: 'https://agents.example/nav',
    credits: '9',
  },
  // Same id as a creator's D1 agent in the tests: the provider's copy wins the merge.
  { id: 3, name: 'Provider Three', description: 'The provider copy of agent three.' },
  { hoaId: 'hoa-fail', agent_name: 'Failing Agent', description: 'countUsage refuses this one.', credits: 1 },
  { description: 'A record without id or name is skipped.' },
];

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
  });

export default async function setup(project: TestProject) {
  const requests: RecordedRequest[] = [];
  // Successful countUsage calls per business id; the summary's balance is 500 minus these.
  const usage = new Map<string, number>();
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const path = req.url ?? '/';
    if (req.method === 'GET' && path === '/__requests') return send(200, requests);
    if (req.method !== 'POST') return send(404, { message: 'not found' });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await read(req)) || '{}') as Record<string, unknown>;
    } catch {
      return send(400, { message: 'bad json' });
    }
    requests.push({ path, authorization: req.headers.authorization ?? null, body });

    const listAll = /^\/([^/]+)\/listAll$/.exec(path);
    if (listAll)
      return listAll[1] === 'broken' ? send(500, { message: 'listing down' }) : send(200, { message: STAND_IN_AGENTS });

    if (path === '/user/login' || path === '/custom/login') {
      const email = String(body['email'] ?? '');
      if (body['password'] === 'provider-down') return send(500, { message: 'login down' });
      if (body['password'] !== STAND_IN_PASSWORD) return send(401, { message: 'Invalid credentials' });
      if (email.startsWith('no-tokens')) return send(200, { message: 'welcome' });
      const biz = email.startsWith('down') ? 'biz-down' : email.startsWith('top') ? 'biz-top' : `biz-${email}`;
      return send(200, { message: { b_k: `key-${email}`, b_i: biz, u_i: `u-${email}`, b_cb_id: 77 } });
    }

    const bearer = req.headers.authorization?.startsWith('Bearer key-');
    if (path === '/agent/countUsage') {
      if (!bearer) return send(401, { message: 'no token' });
      if (body['hoa_ag_id'] === 'hoa-fail') return send(500, { message: 'usage down' });
      const biz = String(body['bizid']);
      usage.set(biz, (usage.get(biz) ?? 0) + 1);
      return send(200, { message: 'counted' });
    }
    if (path === '/agent/usage/summary') {
      if (!bearer) return send(401, { message: 'no token' });
      const count = usage.get(String(body['bizid'])) ?? 0;
      if (body['bizid'] === 'biz-down') return send(500, { message: 'summary down' });
      // One business answers with a top-level balance, the other shape the provider may send (docs/product.md#provider).
      if (body['bizid'] === 'biz-top') return send(200, { balance: 77 });
      return send(200, { message: { balance: 500 - count, consumed: count } });
    }
    send(404, { message: `No stand-in for ${path}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('providerBase', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
