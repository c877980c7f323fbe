// @vitest-environment node
// GET /api/openapi.json against Hono's own route table (docs/decisions/0033): every route is in the
// document with an answer's schema, the document is valid OpenAPI 3.1, and what it says about API
// tokens is what the token policy does. Runs in Node (vitest.app.config.ts): the validator reads its
// schemas from disk and workerd has no node_modules to read.
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '#worker/app.ts';
import { scopeFor } from '#worker/features/tokens/policy.ts';

type Operation = {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: object }[];
  responses?: Record<string, { content?: Record<string, { schema?: object }>; headers?: Record<string, { schema?: object }> }>;
};
type Document = { openapi: string; servers?: { url: string }[]; tags?: { name: string }[]; paths: Record<string, Record<string, Operation>> };

const METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);
/** Hono's path syntax to OpenAPI's: `:id` and `:id{[0-9]+}` become `{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, '{$1}');

/**
 * The routes of the table that answer requests: /api and /mcp with a real method. `app.use(...)`
 * middleware is listed too, with method ALL, and a route with several handlers is listed once per
 * handler: both are folded away here.
 */
function tableRoutes(): string[] {
  const routes = new Set<string>();
  for (const r of app.routes) {
    if (!METHODS.has(r.method)) continue;
    if (!r.path.startsWith('/api/') && r.path !== '/mcp') continue;
    routes.add(`${r.method} ${openApiPath(r.path)}`);
  }
  return [...routes].sort();
}

let doc: Document;
let res: Response;
beforeAll(async () => {
  res = await app.request('https://agents.example/api/openapi.json', {}, {});
  doc = (await res.clone().json()) as Document;
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, op })));

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, cacheable briefly, for the origin asked', async () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'https://agents.example' }]);
    const result = await new Validator().validate(doc);
    expect(result.errors ?? [], 'OpenAPI 3.1 validation errors').toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every route of the route table', () => {
    const documented = new Set(operations().map((o) => o.key));
    const missing = tableRoutes().filter((r) => !documented.has(r));
    expect(missing, 'routes with no description: add route({...}) from worker/lib/openapi.ts to each').toEqual([]);
  });

  it('has no operation the route table lacks', () => {
    const table = new Set(tableRoutes());
    expect(operations().filter((o) => !table.has(o.key)).map((o) => o.key)).toEqual([]);
  });

  it('gives every operation a summary, one known tag, its credentials and the schema of each success', () => {
    const tags = new Set((doc.tags ?? []).map((t) => t.name));
    const problems: string[] = [];
    for (const { key, op } of operations()) {
      if (!op.summary) problems.push(`${key}: no summary`);
      if (op.tags?.length !== 1 || !tags.has(op.tags[0]!)) problems.push(`${key}: tags ${JSON.stringify(op.tags)}`);
      if (!Array.isArray(op.security)) problems.push(`${key}: no security`);
      const responses = Object.entries(op.responses ?? {});
      const hasSchema = ([, r]: (typeof responses)[number]) =>
        Object.values(r.content ?? {}).some((m) => m.schema) || Object.values(r.headers ?? {}).some((h) => h.schema);
      if (!responses.some(hasSchema)) problems.push(`${key}: no response with a schema`);
      // A success says what it answers: a body's schema, or a redirect's Location; only 204 is empty.
      for (const response of responses) {
        if (/^[23]\d\d$/.test(response[0]) && response[0] !== '204' && !hasSchema(response)) problems.push(`${key}: ${response[0]} without a schema`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('declares every path parameter, with a schema', () => {
    const problems: string[] = [];
    for (const { key, path, op } of operations()) {
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        const param = op.parameters?.find((p) => p.in === 'path' && p.name === name);
        if (!param?.schema) problems.push(`${key}: path parameter ${name}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('offers a bearer token exactly where the token policy accepts one, with its scope', () => {
    const problems: string[] = [];
    for (const { key, path, method, op } of operations()) {
      if (!path.startsWith('/api/')) continue;
      const example = path.replace(/^\/api/, '').replace(/\{[^}]+\}/g, '1');
      const policy = scopeFor(method.toUpperCase(), example);
      const documented = op.security?.find((s) => 'bearerToken' in s)?.bearerToken?.[0] ?? null;
      if (policy !== documented) problems.push(`${key}: policy ${policy}, document ${documented}`);
    }
    expect(problems).toEqual([]);
  });
});
