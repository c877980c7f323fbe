// @vitest-environment node
// GET /api/openapi.json against Hono's own route table (docs/decisions/0033): every route is in the
// document with an answer's schema, the document is valid OpenAPI 3.1, and what it says about API
// tokens is what the token policy does. Runs in Node (vitest.app.config.ts): the validator reads its
// schemas from disk and workerd has no node_modules to read.
import { Validator } from '@seriousme/openapi-schema-validator';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { MCP_TOOL_INPUTS } from '#common/mcp-tools.ts';
import { app } from '#worker/app.ts';
import { scopeFor } from '#worker/features/tokens/policy.ts';

type Schema = { [keyword: string]: unknown };
type Operation = {
  summary?: string;
  description?: string;
  requestBody?: { content: Record<string, { schema?: Schema }> };
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: Schema }[];
  responses?: Record<
    string,
    { content?: Record<string, { schema?: Schema }>; headers?: Record<string, { schema?: Schema }> }
  >;
};
type Document = {
  openapi: string;
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
};

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
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, op })),
  );

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
    expect(
      operations()
        .filter((o) => !table.has(o.key))
        .map((o) => o.key),
    ).toEqual([]);
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
        if (/^[23]\d\d$/.test(response[0]) && response[0] !== '204' && !hasSchema(response))
          problems.push(`${key}: ${response[0]} without a schema`);
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

  // docs/decisions/0040: what Redocly's rules and a fuzzer found inexact, held here one by one.
  const schemasOf = (op: Operation) => [
    ...Object.values(op.requestBody?.content ?? {}).map((m) => m.schema),
    ...Object.values(op.responses ?? {}).flatMap((r) => Object.values(r.content ?? {}).map((m) => m.schema)),
    ...(op.parameters ?? []).map((p) => p.schema),
  ];
  /** Every schema inside `schema`, with its JSON path. */
  function* walk(schema: unknown, at: string): Generator<[Schema, string]> {
    if (!schema || typeof schema !== 'object') return;
    const node = schema as Schema;
    yield [node, at];
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object')
        for (const [name, sub] of Object.entries(value)) yield* walk(sub, `${at}.${name}`);
      else if (['items', 'additionalProperties', 'not', 'propertyNames'].includes(key))
        yield* walk(value, `${at}/${key}`);
      else if (['anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(key) && Array.isArray(value))
        for (const [i, sub] of value.entries()) yield* walk(sub, `${at}/${key}/${i}`);
    }
  }

  it('has no schema that allows anything in a choice, and tuples as OpenAPI 3.1 writes them', () => {
    const problems: string[] = [];
    for (const { key, op } of operations()) {
      for (const schema of schemasOf(op)) {
        for (const [node, at] of walk(schema, key)) {
          for (const word of ['anyOf', 'oneOf']) {
            if ((node[word] as Schema[] | undefined)?.some((s) => Object.keys(s).length === 0))
              problems.push(`${at}: ${word} with {}`);
          }
          if (Array.isArray(node.items)) problems.push(`${at}: items as a list (prefixItems in 3.1)`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('declares numbers in paths and queries as bounded integers, and an enum for every list order', () => {
    const problems: string[] = [];
    const numeric = /^(id|limit|offset|days|utcOffset|\w+Id)$/;
    // Strings that are ids: a session's hex digits, a sandbox checkout's name.
    const textIds = new Set([
      'DELETE /api/auth/sessions/{id}',
      'GET /api/payments/sandbox/{id}',
      'POST /api/payments/sandbox/{id}/complete',
      'POST /api/payments/sandbox/{id}/cancel',
    ]);
    for (const { key, op } of operations()) {
      for (const p of op.parameters ?? []) {
        if (p.in === 'header' || !numeric.test(p.name) || (p.name === 'id' && textIds.has(key))) continue;
        const s = p.schema ?? {};
        if (s.type !== 'integer' || typeof s.minimum !== 'number' || typeof s.maximum !== 'number')
          problems.push(`${key} ${p.in} ${p.name}: ${JSON.stringify(s)}`);
      }
      const sort = op.parameters?.find((p) => p.name === 'sort');
      // A creator page's unknown sort is its default order, never refused: no enum would be exact there.
      if (sort && key !== 'GET /api/creators/{username}' && !Array.isArray(sort.schema?.enum))
        problems.push(`${key}: sort without an enum`);
    }
    const sorted = operations().filter((o) =>
      o.op.parameters?.some((p) => p.name === 'sort' && Array.isArray(p.schema?.enum)),
    );
    expect(sorted.map((o) => o.key).sort()).toEqual([
      'GET /api/agents',
      'GET /api/agents/category/{categoryId}',
      'GET /api/agents/creator/{userId}',
      'GET /api/agents/search',
      'GET /api/agents/{id}/ratings',
    ]);
    expect(problems).toEqual([]);
  });

  it("lists the token check's 401, 403 and 429 on every route after it, and Retry-After on every 429", () => {
    const problems: string[] = [];
    // Answered before the session and token checks (worker/app.ts).
    const beforeTokens = new Set(['GET /api/health', 'GET /api/openapi.json']);
    for (const { key, path, op } of operations()) {
      const responses = op.responses ?? {};
      if (path.startsWith('/api/') && !beforeTokens.has(key)) {
        for (const status of ['401', '403', '429']) if (!responses[status]) problems.push(`${key}: no ${status}`);
        if (!responses['401']?.headers?.['WWW-Authenticate']) problems.push(`${key}: 401 without WWW-Authenticate`);
      }
      if (responses['429'] && !responses['429'].headers?.['Retry-After'])
        problems.push(`${key}: 429 without Retry-After`);
    }
    expect(problems).toEqual([]);
  });

  it("gives emails the API's own rule and URLs their format", () => {
    const problems: string[] = [];
    let emails = 0;
    let urls = 0;
    for (const { key, op } of operations()) {
      for (const [node, at] of walk(op.requestBody?.content['application/json']?.schema, key)) {
        if (node.format === 'email') {
          emails++;
          if (node.pattern !== v.EMAIL_REGEX.source) problems.push(`${at}: email without the API's pattern`);
        }
        const isUrl =
          /\.(videoUrl|imageUrl|externalUrl)$/.test(at) || at === 'PUT /api/users/{id}/public-profile.website';
        if (isUrl) urls++;
        if (isUrl && !(node.anyOf as Schema[] | undefined)?.some((s) => s.format === 'uri'))
          problems.push(`${at}: a URL without format uri`);
      }
    }
    expect(emails).toBeGreaterThanOrEqual(6);
    expect(urls).toBe(7);
    // The API refuses what `format: email` alone lets through.
    expect(new RegExp(v.EMAIL_REGEX.source, 'u').test('0@com')).toBe(false);
    const agent = doc.paths['/api/agents/{id}']!.get!.responses!['200']!.content!['application/json']!.schema!;
    const formats = Object.fromEntries(
      ['videoUrl', 'externalUrl', 'imageUrl'].map((name) => [
        name,
        ((agent.properties as Record<string, Schema>)[name]!.anyOf as Schema[])[0]!.format,
      ]),
    );
    expect(formats).toEqual({ videoUrl: 'uri', externalUrl: 'uri', imageUrl: 'uri-reference' });
    expect(problems).toEqual([]);
  });

  it('names every MCP tool in the description of POST /mcp', () => {
    const description = doc.paths['/mcp']!.post!.description!;
    expect(Object.keys(MCP_TOOL_INPUTS).filter((tool) => !description.includes(tool))).toEqual([]);
  });
});
