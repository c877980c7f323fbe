// Real answers held to GET /api/openapi.json (docs/decisions/0040): each answer's status must be one its
// operation declares, its body must be of a declared type and, for JSON, valid against the schema
// declared for that status (JSON Schema 2020-12, with formats, by @cfworker/json-schema, which runs in
// workerd), and the headers the document promises on it must be there. The tests that call every route
// (worker/test/authorization-matrix.test.ts) pass each answer through `conformance.check`, which also
// records which operations gave a success.
import { Validator, type Schema } from '@cfworker/json-schema';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { app } from '#worker/app.ts';
import { openApiPath } from '#worker/lib/openapi.ts';

type MediaType = { schema?: Schema };
type ResponseObject = {
  description: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, { schema?: Schema }>;
};
type Operation = { responses: Record<string, ResponseObject> };
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/** Headers a response always carries when the document lists them (others, such as X-Search-Corrected, are set only sometimes). */
const ALWAYS = new Set(['retry-after', 'location', 'x-total-count', 'allow']);

async function fetchDocument(): Promise<OpenApiDocument> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request('http://localhost/api/openapi.json'), env, ctx);
  await waitOnExecutionContext(ctx);
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  return (await res.json()) as OpenApiDocument;
}

/** Conformance of answers to the document, and which operations ('GET /api/agents/{id}') answered a success. */
export function conformance() {
  let document: Promise<OpenApiDocument> | undefined;
  const validators = new Map<Schema, Validator>();
  const succeeded = new Set<string>();

  const validate = (schema: Schema, value: unknown): string[] => {
    let validator = validators.get(schema);
    if (!validator) validators.set(schema, (validator = new Validator(schema, '2020-12', false)));
    const result = validator.validate(value);
    return result.valid ? [] : result.errors.slice(0, 5).map((e) => `${e.instanceLocation} ${e.keyword}: ${e.error}`);
  };

  const getDocument = () => (document ??= fetchDocument());

  return {
    document: getDocument,
    succeeded,
    /**
     * What is wrong with `res` as the answer of `method` on `route` (Hono's pattern, '/api/agents/:id'):
     * nothing when the document declares its status, its content type and a schema its body fits.
     */
    async problems(method: string, route: string, res: Response): Promise<string[]> {
      const doc = await getDocument();
      const key = `${method.toUpperCase()} ${openApiPath(route)}`;
      const operation = doc.paths[openApiPath(route)]?.[method.toLowerCase()];
      if (!operation) return [`${key}: not in the document`];
      const declared = operation.responses[String(res.status)];
      if (!declared)
        return [
          `${key} answered ${res.status}, which it does not declare (${Object.keys(operation.responses).join(', ')})`,
        ];
      if (res.status < 400) succeeded.add(key);
      const problems: string[] = [];
      for (const [name, header] of Object.entries(declared.headers ?? {})) {
        const value = res.headers.get(name);
        if (value === null) {
          if (ALWAYS.has(name.toLowerCase())) problems.push(`${key} ${res.status}: no ${name} header`);
          continue;
        }
        if (header.schema && header.schema.type === 'integer' && !/^\d+$/.test(value))
          problems.push(`${key} ${res.status}: ${name} is not a whole number (${value})`);
      }
      const body = await res.clone().text();
      if (!declared.content) {
        if (body !== '') problems.push(`${key} ${res.status}: a body where none is declared`);
        return problems;
      }
      const type = res.headers.get('Content-Type')?.split(';')[0]?.trim() ?? '';
      const media = declared.content[type];
      if (!media)
        return [
          ...problems,
          `${key} ${res.status}: ${type || 'no Content-Type'}, not one of ${Object.keys(declared.content).join(', ')}`,
        ];
      if (type !== 'application/json' || !media.schema) return problems;
      let value: unknown;
      try {
        value = JSON.parse(body);
      } catch {
        return [...problems, `${key} ${res.status}: the body is not JSON`];
      }
      return [...problems, ...validate(media.schema, value).map((p) => `${key} ${res.status}: ${p}`)];
    },
  };
}
