#!/usr/bin/env node
// A local stand-in for the HTTP email API the worker sends through (Resend's shape, docs/decisions/0032):
// POST /emails {from, to, subject, text, html} answers {id} and writes the message as one .eml file
// under MAIL_DIR (default .wrangler/mail), printing its first link. GET /emails?to=… and
// GET /emails/:id read them back (tests use these). Nothing leaves the machine.
// Port: MAIL_PORT, else PORT + 200 (so checkouts on different PORTs run side by side).
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const mailPortFor = (port) => Number(process.env.MAIL_PORT || Number(port || 8787) + 200);

const MAX_BODY = 1024 * 1024;

/** The message as a MIME file (RFC 5322 + multipart/alternative), readable by any mail client. */
function toEml(m) {
  const boundary = `am-${m.id}`;
  const header = (name, value) => `${name}: ${String(value).replace(/[\r\n]+/g, ' ')}`;
  return [
    header('Message-ID', `<${m.id}@mail-catcher.local>`),
    header('Date', new Date(m.createdAt).toUTCString()),
    header('From', m.from),
    header('To', m.to.join(', ')),
    header('Subject', m.subject),
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    m.text ?? '',
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    m.html ?? '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

const firstLink = (m) =>
  (m.text ?? '').match(/https?:\/\/\S+/)?.[0] ??
  (m.html ?? '').match(/href="(https?:[^"]+)"/)?.[1]?.replace(/&amp;/g, '&');

/** Starts the catcher; resolves to { url, port, dir, close }. */
export function startMailCatcher({
  port = 0,
  host = '127.0.0.1',
  dir = process.env.MAIL_DIR || '.wrangler/mail',
  log = console.log,
} = {}) {
  const messages = [];
  mkdirSync(dir, { recursive: true });
  const json = (res, status, body) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://catcher');
    if (req.method === 'GET' && url.pathname === '/emails') {
      const to = url.searchParams.get('to')?.toLowerCase();
      return json(res, 200, { data: messages.filter((m) => !to || m.to.some((t) => t.toLowerCase().includes(to))) });
    }
    const one = url.pathname.match(/^\/emails\/([\w-]+)$/);
    if (req.method === 'GET' && one) {
      const found = messages.find((m) => m.id === one[1]);
      return found
        ? json(res, 200, found)
        : json(res, 404, { statusCode: 404, name: 'not_found', message: 'Email not found' });
    }
    if (req.method !== 'POST' || url.pathname !== '/emails')
      return json(res, 404, { statusCode: 404, name: 'not_found', message: 'Not found' });
    let size = 0;
    const chunks = [];
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return json(res, 400, { statusCode: 400, name: 'invalid_json', message: 'The body must be JSON' });
      }
      const to = (Array.isArray(body?.to) ? body.to : [body?.to]).filter(
        (t) => typeof t === 'string' && t.includes('@'),
      );
      if (
        size > MAX_BODY ||
        typeof body?.from !== 'string' ||
        !to.length ||
        typeof body.subject !== 'string' ||
        (!body.text && !body.html)
      ) {
        return json(res, 422, {
          statusCode: 422,
          name: 'validation_error',
          message: 'from, to, subject and text or html are required',
        });
      }
      const createdAt = new Date().toISOString();
      const id = randomUUID();
      const message = {
        id,
        from: body.from,
        to,
        subject: body.subject,
        text: body.text ?? null,
        html: body.html ?? null,
        createdAt,
      };
      const file = path.join(dir, `${createdAt.replace(/[:.]/g, '-')}-${id}.eml`);
      writeFileSync(file, toEml(message));
      messages.push({ ...message, file });
      log(
        `✉  Mail to ${to.join(', ')}: ${message.subject}\n   ${firstLink(message) ?? '(no link)'}\n   saved as ${file}`,
      );
      json(res, 200, { id });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = server.address().port;
      resolve({
        url: `http://${host}:${actual}`,
        port: actual,
        dir,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

// Run on its own: node scripts/mail-catcher.mjs
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const catcher = await startMailCatcher({ port: mailPortFor(process.env.PORT) });
  console.log(`Mail catcher on ${catcher.url}, writing to ${path.resolve(catcher.dir)}`);
}
