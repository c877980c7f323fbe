// @vitest-environment node
// server.json, the MCP endpoint's entry for the official MCP registry: it fits the registry's own
// schema (kept beside it, docs/mcp-registry/server.schema.json, the version its $schema names), and
// says what the deployment is: production's APP_ORIGIN (wrangler.toml) + /mcp, a name in that
// domain's reverse-DNS form, and package.json's version.
import { Validator, type Schema } from '@cfworker/json-schema';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDeployConfig } from './lib/deploy-config.mjs';

const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as unknown;

type ServerJson = {
  $schema: string;
  name: string;
  version: string;
  description: string;
  websiteUrl: string;
  repository: { url: string; source: string };
  remotes: { type: string; url: string; headers?: { name: string; isSecret?: boolean }[] }[];
};

const server = readJson('../server.json') as ServerJson;
const schema = readJson('../docs/mcp-registry/server.schema.json') as Schema & { $id: string; $schema: string };
const pkg = readJson('../package.json') as { version: string };

/** The schema's problems with `value`, as "where: what" lines (none when it fits). */
function problems(value: unknown): string[] {
  // The registry's schema is JSON Schema draft-07; all errors, not the first only.
  const result = new Validator(schema, '7', false).validate(value);
  return result.errors.map((e) => `${e.instanceLocation}: ${e.error}`);
}

describe('server.json for the MCP registry', () => {
  it('names the schema kept beside it, a draft-07 schema', () => {
    expect(server.$schema).toBe(schema.$id);
    expect(server.$schema).toMatch(
      /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/\d{4}-\d{2}-\d{2}\/server\.schema\.json$/,
    );
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
  });

  it('fits the registry’s schema', () => {
    expect(problems(server)).toEqual([]);
  });

  it('would be refused for what the schema forbids (the validator reads it)', () => {
    expect(problems({ ...server, description: 'x'.repeat(101) })).not.toEqual([]);
    expect(problems({ ...server, name: 'agentmarket' })).not.toEqual([]);
    expect(problems({ ...server, remotes: [{ type: 'streamable-http', url: 'ftp://agents/mcp' }] })).not.toEqual([]);
  });

  it('points at production’s MCP endpoint, named in its domain, at package.json’s version', () => {
    const origin = String(readDeployConfig('production').vars.APP_ORIGIN).replace(/\/$/, '');
    const host = new URL(origin).hostname;
    expect(origin).toMatch(/^https:\/\//);
    expect(server.remotes).toEqual([expect.objectContaining({ type: 'streamable-http', url: `${origin}/mcp` })]);
    expect(server.websiteUrl).toBe(origin);
    // Reverse-DNS: agents.example.com → com.example.agents/…, the namespace the registry checks against the domain.
    expect(server.name.split('/')[0]).toBe(host.split('.').reverse().join('.'));
    expect(server.version).toBe(pkg.version);
    // The token goes in a header the client keeps secret, never in the address.
    expect(server.remotes[0]!.headers).toEqual([expect.objectContaining({ name: 'Authorization', isSecret: true })]);
    expect(server.repository).toMatchObject({
      source: 'github',
      url: expect.stringMatching(/^https:\/\/github\.com\//),
    });
  });
});
