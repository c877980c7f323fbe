// Vitest globalSetup (runs in Node): a loopback stand-in for the Stripe API's Checkout Sessions and
// Connect endpoints (accounts, account_links, transfers), so they go through the real SDK and its
// HTTP client with no internet. Like Stripe, a repeated Idempotency-Key gets the first answer back.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    stripeApiBase: string;
  }
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
  });

/** `metadata[name]=value` form fields as the object Stripe answers with. */
const metadataOf = (form: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(form).flatMap(([key, value]) => {
      const name = /^metadata\[(\w+)\]$/.exec(key)?.[1];
      return name ? [[name, value]] : [];
    }),
  );

export default async function setup(project: TestProject) {
  const requests: {
    path: string;
    authorization: string | undefined;
    idempotencyKey: string | undefined;
    form: Record<string, string>;
  }[] = [];
  const accounts = new Map<string, Record<string, unknown>>();
  /** Answers by resource and Idempotency-Key, as Stripe keeps them (for 24 hours). */
  const answers = new Map<string, Record<string, unknown>>();
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${requests.length}` });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/__requests') return send(200, requests);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The creator finished Stripe's onboarding (what the hosted form would do).
    const finished = /^\/__accounts\/([\w-]+)\/complete$/.exec(req.url ?? '');
    if (req.method === 'POST' && finished) {
      const account = accounts.get(finished[1]!);
      if (!account) return send(404, { error: { type: 'invalid_request_error', message: 'No such account' } });
      Object.assign(account, { details_submitted: true, payouts_enabled: true, charges_enabled: false });
      return send(200, account);
    }
    const connect = /^\/v1\/(accounts|account_links|transfers)(?:\/([\w-]+))?$/.exec(req.url ?? '');
    if (connect) {
      const [, resource, id] = connect;
      if (req.method === 'GET' && resource === 'accounts' && id) {
        const account = accounts.get(id);
        return account
          ? send(200, account)
          : send(404, {
              error: { type: 'invalid_request_error', message: `No such account: '${id}'`, code: 'resource_missing' },
            });
      }
      if (req.method !== 'POST' || id)
        return send(404, {
          error: { type: 'invalid_request_error', message: `No stand-in for ${req.method} ${req.url}` },
        });
      const form = Object.fromEntries(new URLSearchParams(await read(req)));
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ path: req.url!, authorization: req.headers.authorization, idempotencyKey, form });
      const replayed = idempotencyKey ? answers.get(`${resource}:${idempotencyKey}`) : undefined;
      if (replayed) return send(200, replayed);
      let answer: Record<string, unknown>;
      const created = Math.floor(Date.now() / 1000);
      if (resource === 'accounts') {
        answer = {
          id: `acct_test_${requests.length}${Date.now().toString(36)}`,
          object: 'account',
          type: form.type,
          email: form.email ?? null,
          details_submitted: false,
          payouts_enabled: false,
          charges_enabled: false,
          capabilities: { transfers: 'inactive' },
          metadata: { userId: form['metadata[userId]'] },
          created,
        };
        accounts.set(answer.id as string, answer);
      } else if (resource === 'account_links') {
        if (!accounts.has(form.account ?? ''))
          return send(400, { error: { type: 'invalid_request_error', message: 'No such account', param: 'account' } });
        answer = { object: 'account_link', created, expires_at: created + 300, url: `${base}/setup/${form.account}` };
      } else {
        const destination = accounts.get(form.destination ?? '');
        // An account whose address says so has Stripe refuse its transfers (as with an empty platform balance).
        if (String(destination?.email ?? '').startsWith('refused')) {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'balance_insufficient',
              message: 'Insufficient funds in Stripe account.',
            },
          });
        }
        if (!destination?.payouts_enabled) {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              message: 'The destination account cannot receive transfers yet',
              param: 'destination',
            },
          });
        }
        answer = {
          id: `tr_test_${requests.length}${Date.now().toString(36)}`,
          object: 'transfer',
          amount: Number(form.amount),
          amount_reversed: 0,
          currency: form.currency,
          destination: form.destination,
          description: form.description ?? null,
          transfer_group: form.transfer_group ?? null,
          metadata: metadataOf(form),
          reversed: false,
          livemode: false,
          created,
        };
      }
      if (idempotencyKey) answers.set(`${resource}:${idempotencyKey}`, answer);
      return send(200, answer);
    }
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      const form = Object.fromEntries(new URLSearchParams(await read(req)));
      requests.push({
        path: req.url,
        authorization: req.headers.authorization,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        form,
      });
      // A magic amount makes the provider fail, for the error path.
      if (form['line_items[0][price_data][unit_amount]'] === '777700') {
        return send(400, { error: { type: 'invalid_request_error', message: 'Amount rejected by the stand-in' } });
      }
      const id = `cs_test_${requests.length}_${Date.now()}`;
      return send(200, { id, object: 'checkout.session', url: `${base}/pay/${id}`, payment_status: 'unpaid' });
    }
    send(404, { error: { type: 'invalid_request_error', message: `No stand-in for ${req.method} ${req.url}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('stripeApiBase', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
