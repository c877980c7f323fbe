// Vitest globalSetup (runs in Node): a loopback stand-in for the Stripe API's Checkout Sessions
// endpoint, so session creation goes through the real SDK and its HTTP client with no internet.
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

export default async function setup(project: TestProject) {
  const requests: { path: string; authorization: string | undefined; idempotencyKey: string | undefined; form: Record<string, string> }[] = [];
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${requests.length}` });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/__requests') return send(200, requests);
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      const form = Object.fromEntries(new URLSearchParams(await read(req)));
      requests.push({ path: req.url, authorization: req.headers.authorization, idempotencyKey: req.headers['idempotency-key'] as string | undefined, form });
      // A magic amount makes the provider fail, for the error path.
      if (form['line_items[0][price_data][unit_amount]'] === '777700') {
        return send(400, { error: { type: 'invalid_request_error', message: 'Amount rejected by the stand-in' } });
      }
      const id = `cs_test_${requests.length}_${Date.now()}`;
      return send(200, { id, object: 'checkout.session', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pay/${id}`, payment_status: 'unpaid' });
    }
    send(404, { error: { type: 'invalid_request_error', message: `No stand-in for ${req.method} ${req.url}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('stripeApiBase', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
