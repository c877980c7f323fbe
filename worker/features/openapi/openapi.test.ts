// GET /api/openapi.json in workerd, as deployed (docs/decisions/0033): the document is made there
// from the route table. Its content is checked against the route table in openapi.node.test.ts.
import { describe, expect, it } from 'vitest';
import { call } from '#worker/test/fixtures.ts';

describe('GET /api/openapi.json', () => {
  it('answers the OpenAPI 3.1 document for the origin asked, cacheable for 5 minutes', async () => {
    const res = await call('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
    const doc = (await res.json()) as {
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'http://localhost' }]);
    // Routes the old hand-written list left out.
    expect(doc.paths['/api/auth/change-password']?.post).toBeDefined();
    expect(doc.paths['/api/health']?.get).toBeDefined();
    expect(doc.paths['/mcp']?.post).toBeDefined();
  });

  it('is public: a session or a token is neither needed nor checked', async () => {
    const withToken = await call('/api/openapi.json', { headers: { Authorization: 'Bearer amk_not-a-token' } });
    expect(withToken.status).toBe(200);
    const withCookie = await call('/api/openapi.json', { cookie: 'am_session=unknown' });
    expect(withCookie.status).toBe(200);
  });
});
