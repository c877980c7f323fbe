import { describe, expect, it } from 'vitest';
import { credentialsOf, fieldsOf, filterGroups, groupsOf, typeText, type OpenApiDocument } from './openapi-view';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  tags: [{ name: 'Agents', description: 'The catalogue' }, { name: 'Empty' }, { name: 'System' }],
  paths: {
    '/api/health': {
      get: {
        tags: ['System'],
        summary: 'Health',
        security: [],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': { schema: { type: 'object', properties: { ok: { const: true } }, required: ['ok'] } },
            },
          },
        },
      },
    },
    '/api/agents/{id}': {
      get: {
        tags: ['Agents'],
        summary: 'An agent',
        'x-access': 'Anyone',
        security: [{}, { sessionCookie: [] }, { bearerToken: ['read'] }],
        parameters: [
          {
            in: 'path',
            name: 'id',
            required: true,
            schema: { type: 'string', pattern: '^\\d+$', description: 'A positive whole number' },
          },
        ],
        responses: {
          '404': {
            description: 'Not found',
            content: {
              'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } },
            },
          },
          '200': {
            description: 'The agent',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer', minimum: 1 },
                    label: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                  },
                  required: ['id'],
                },
              },
            },
          },
        },
      },
      delete: { tags: ['Agents'], summary: 'Delete an agent', security: [{ sessionCookie: [] }], responses: {} },
    },
    '/mcp': { post: { summary: 'MCP', security: [{ bearerToken: [] }] } },
  },
};

describe('the /api page view of the OpenAPI document', () => {
  it('writes types in a few words', () => {
    expect(typeText({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
    expect(typeText({ type: 'array', items: { type: 'integer' } })).toBe('integer[]');
    expect(typeText({ enum: ['open', 'hidden'] })).toBe('"open" | "hidden"');
    expect(typeText({ type: 'string', contentMediaType: 'image/*' })).toBe('file (image/*)');
    expect(typeText({ type: 'array', prefixItems: [{ type: 'integer' }, { type: 'integer' }] })).toBe(
      '[integer, integer]',
    );
    expect(typeText(undefined)).toBe('any');
  });

  it('lists an object’s fields, required ones marked, with their limits', () => {
    expect(
      fieldsOf({
        type: 'array',
        items: {
          type: 'object',
          properties: { name: { type: 'string', minLength: 1, maxLength: 60 } },
          required: ['name'],
        },
      }),
    ).toEqual([{ name: 'name', type: 'string', required: true, description: '1 to 60 characters' }]);
  });

  it('says which credentials an operation takes', () => {
    expect(credentialsOf([])).toEqual(['None']);
    expect(credentialsOf([{}, { sessionCookie: [] }, { bearerToken: ['read'] }])).toEqual([
      'None (optional)',
      'Session cookie',
      'API token (scope read)',
    ]);
  });

  it('groups operations by tag in the document’s order, drops empty tags and sorts responses', () => {
    const groups = groupsOf(doc);
    expect(groups.map((g) => [g.name, g.operations.map((o) => `${o.method} ${o.path}`)])).toEqual([
      ['Agents', ['GET /api/agents/{id}', 'DELETE /api/agents/{id}']],
      ['System', ['GET /api/health']],
      ['Other', ['POST /mcp']],
    ]);
    const get = groups[0]!.operations[0]!;
    expect(get.parameters).toEqual([
      { in: 'path', name: 'id', type: 'string', required: true, description: 'A positive whole number' },
    ]);
    expect(get.responses.map((r) => r.status)).toEqual(['200', '404']);
    expect(get.responses[0]!.bodies[0]!.fields.map((f) => `${f.name}: ${f.type}${f.required ? '!' : ''}`)).toEqual([
      'id: integer!',
      'label: string | null',
    ]);
    expect(get.id).toBe('api-get-api-agents-id');
  });

  it('filters by every word typed, over method, path, summary and tag', () => {
    const groups = groupsOf(doc);
    expect(filterGroups(groups, 'delete agent').flatMap((g) => g.operations.map((o) => o.summary))).toEqual([
      'Delete an agent',
    ]);
    expect(filterGroups(groups, 'system').map((g) => g.name)).toEqual(['System']);
    expect(filterGroups(groups, '  ')).toBe(groups);
    expect(filterGroups(groups, 'nothing-like-this')).toEqual([]);
  });
});
