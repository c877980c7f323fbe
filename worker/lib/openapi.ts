// Each route says once what it takes and answers, and GET /api/openapi.json is made from that
// (docs/decisions/0033): `describeRoute` (hono-openapi) carries the summary, tag, credentials and
// answers; the body, path and query validators (./validator.ts) add their valibot schemas.
import type { Context, Env, Hono, MiddlewareHandler, TypedResponse } from 'hono';
import type { BlankInput } from 'hono/types';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import { describeRoute, generateSpecs, resolver, type DescribeRouteOptions } from 'hono-openapi';
import { findTargetHandler } from 'hono/utils/handler';
import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { apiErrorSchema } from '#common/api-schemas.ts';
import type { TokenScope } from '#common/api-tokens.ts';
import { SESSION_COOKIE } from '#common/constants.ts';
import type { JsonSchemaObject } from '#common/json-schema.ts';
import { IDEMPOTENCY_KEY } from '#common/validation.ts';

/** The document's groups, in the order the /api page shows them. */
export const TAGS = {
  agents: {
    name: 'Agents',
    description: 'The catalogue: list, search, read, and for creators create, change and delete.',
  },
  tries: { name: 'Tries', description: 'Trying an agent costs its credits once per Idempotency-Key.' },
  reviews: { name: 'Reviews', description: 'Ratings and reviews, creator replies and helpful votes.' },
  categories: { name: 'Categories', description: 'Categories and departments of the catalogue.' },
  creators: { name: 'Creators', description: 'Public profiles, creator pages and following.' },
  auth: { name: 'Sign-in', description: 'Register, sign in and out; a session cookie is set.' },
  account: {
    name: 'Account',
    description: 'The signed-in person: email confirmation, password, email change, profile and picture.',
  },
  saved: { name: 'Saved', description: 'Agents saved for later, on every device.' },
  credits: { name: 'Credits', description: 'Balance, history, receipts and buying credits.' },
  earnings: { name: 'Earnings', description: "Creators' earnings, payouts, statements and insights." },
  proposals: { name: 'Proposals', description: 'Agent ideas anyone may propose; the staff inbox.' },
  moderation: { name: 'Moderation', description: 'Reports, and the moderators’ queue.' },
  admin: { name: 'Admin', description: 'Refunds, support and the operators’ totals.' },
  tokens: { name: 'API tokens', description: 'Personal API tokens for programs; session only.' },
  apps: {
    name: 'Connected apps',
    description:
      'Assistants connected through OAuth: the consent page’s calls and the apps you connected; session only.',
  },
  system: { name: 'System', description: 'Configuration, health, this document and the MCP endpoint.' },
} as const;
export type Tag = keyof typeof TAGS;

/** Who may call a route; checked by requireUser, requireRole or the handler itself. */
export type Access = 'anyone' | 'signed-in' | 'staff' | 'admin' | 'stripe' | 'token';

const ACCESS_TEXT: Record<Access, string> = {
  anyone: 'Anyone',
  'signed-in': 'Signed in',
  staff: 'Staff and admins',
  admin: 'Admins',
  stripe: 'Stripe (a signed webhook)',
  token: 'A personal API token',
};

type Response = NonNullable<DescribeRouteOptions['responses']>[string];
type Responses = Record<number, Response>;

declare const answerBody: unique symbol;
/** A documented JSON answer that also tells the type checker its body: its schema's output (nothing at run time). */
type JsonResponse<T> = Response & { readonly [answerBody]?: T };
/** The format of a documented answer: JSON, marked so the types tell it from a handler's own answers. */
export type DocumentedJson = 'json' & { readonly documented: true };
/**
 * The 2xx JSON answers a route documents, as the types of the middleware `route` returns: the typed
 * client (hono/client) lists them beside the handler's own answers, told apart by their format. The
 * app reads its types from them (app/lib/api-client.ts), and the type check holds every handler's
 * typed 2xx answer to them (worker/features/openapi/documented-answers.test.ts).
 */
type DocumentedAnswers<R> = {
  [K in keyof R]: K extends SuccessStatusCode
    ? R[K] extends JsonResponse<infer T>
      ? unknown extends T
        ? never
        : TypedResponse<T, K, DocumentedJson>
      : never
    : never;
}[keyof R];

/**
 * How valibot schemas become the document's JSON Schema (docs/decisions/0040): in OpenAPI 3.1's
 * dialect, draft 2020-12 (a tuple is `prefixItems`); an email with the API's own rule as its
 * `pattern` (valibot's, stricter than `format: email`: `0@com` is refused); and a pipe's
 * `asJsonSchema` metadata (#common/json-schema.ts) in place of what the pipe said before it.
 */
export const SCHEMA_OPTIONS: ConversionConfig = {
  target: 'draft-2020-12',
  overrideAction: ({ valibotAction, jsonSchema }) => {
    if (valibotAction.type === 'email')
      return { ...jsonSchema, pattern: (valibotAction as unknown as { requirement: RegExp }).requirement.source };
    if (valibotAction.type === 'metadata') {
      const replacement = (valibotAction as unknown as { metadata: { jsonSchema?: JsonSchemaObject } }).metadata
        .jsonSchema;
      if (replacement) return { ...replacement };
    }
    return null;
  },
  // An optional query number's default is written as the text it stands for ('30'): the document says 30.
  overrideSchema: ({ jsonSchema }) =>
    jsonSchema.type === 'integer' && typeof jsonSchema.default === 'string' && /^-?\d+$/.test(jsonSchema.default)
      ? { ...jsonSchema, default: Number(jsonSchema.default) }
      : null,
};
/** hono-openapi's resolver with the options above: how every schema of the document is converted. */
export const schemaOf = (schema: v.GenericSchema) => resolver(schema, { options: SCHEMA_OPTIONS });

/** A header a response sets: its description, and its value's schema when it is not plain text. */
type HeaderDoc = string | { description: string; schema: JsonSchemaObject };
const headerObject = (doc: HeaderDoc) =>
  typeof doc === 'string' ? { description: doc, schema: { type: 'string' } } : doc;

/** A JSON answer shaped by a valibot schema, with the headers it sets (and `alsoAs`: the same as text, such as CSV). */
export const json = <S extends v.GenericSchema>(
  schema: S,
  description: string,
  headers?: Record<string, HeaderDoc>,
  alsoAs?: string,
): JsonResponse<v.InferOutput<S>> => ({
  description,
  content: {
    'application/json': { schema: schemaOf(schema) },
    ...(alsoAs ? { [alsoAs]: { schema: { type: 'string' } } } : {}),
  },
  ...(headers
    ? { headers: Object.fromEntries(Object.entries(headers).map(([name, doc]) => [name, headerObject(doc)])) }
    : {}),
});
/** The header of a list answer that holds how many there are in all. */
export const TOTAL_COUNT = {
  'X-Total-Count': {
    description: 'How many match in all (the answer holds one page)',
    schema: { type: 'integer', minimum: 0 },
  },
};
/** The header every 429 carries (a test holds the answers to it): how long to wait. */
export const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before asking again', schema: { type: 'integer', minimum: 1 } },
};
interface HeaderParameter {
  in: 'header';
  name: string;
  required: boolean;
  description: string;
  schema: { type: 'string'; pattern?: string };
}
/** A path parameter a route reads itself (no validator declares it). */
interface PathParameter {
  in: 'path';
  name: string;
  required: true;
  description: string;
  schema: JsonSchemaObject;
}
/** The largest number `positiveInt` (./http.ts) reads: 15 digits. */
export const POSITIVE_INT_MAX = 999_999_999_999_999;
/** An id in a path, as `positiveInt` reads it (anything else names nothing: 404). */
export const ID_SCHEMA = { type: 'integer', minimum: 1, maximum: POSITIVE_INT_MAX };
export const pathParam = (name: string, description: string, schema: JsonSchemaObject = ID_SCHEMA): PathParameter => ({
  in: 'path',
  name,
  required: true,
  description,
  schema,
});
/** Optional header of the requests the outbox may repeat (worker/lib/idempotency.ts): its pattern is IDEMPOTENCY_KEY's. */
export const IDEMPOTENCY_KEY_HEADER: HeaderParameter = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description:
    'A repeat with the same key gets the first answer instead of acting twice (8 to 128 of A-Z a-z 0-9 _ . : -)',
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY.source },
};
/** An error answer: { message, error } with the reason. */
export const error = (description: string): Response => json(apiErrorSchema, description);
/** A refusal over a limit: { message, error } and how long to wait (every 429 carries Retry-After). */
export const throttled = (description: string) => json(apiErrorSchema, description, RETRY_AFTER);
export const csv = (description: string): Response => ({
  description,
  content: { 'text/csv': { schema: { type: 'string' } } },
});
export const noContent = (description: string): Response => ({ description });
/** A redirect: what it answers is where it sends the browser. */
export const redirect = (description: string): Response => ({
  description,
  headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } },
});

/** A multipart/form-data body of image files, each field named with what it is. */
export const imageUpload = (
  fields: Record<string, string>,
  required: string[],
): DescribeRouteOptions['requestBody'] => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(fields).map(([name, description]) => [
            name,
            { type: 'string', contentMediaType: 'image/*', description },
          ]),
        ),
        required,
      },
    },
  },
});

export interface RouteDoc<R extends Responses = Responses> {
  tag: Tag;
  summary: string;
  description?: string;
  access: Access;
  /** The personal API token scope that may also make this call (worker/features/tokens/policy.ts). */
  token?: TokenScope;
  /** Whether a session changes the answer of a route anyone may call (the caller's own marks). */
  personal?: boolean;
  /** A body no JSON validator declares: uploads, Stripe's signed events, MCP's JSON-RPC. */
  requestBody?: DescribeRouteOptions['requestBody'];
  /** Parameters no validator declares: headers, and path parameters the handler reads itself. */
  parameters?: (HeaderParameter | PathParameter)[];
  responses: R;
}

/** The session cookie and, where the token policy allows it, a bearer token with that scope. */
function security(doc: RouteDoc): Record<string, string[]>[] {
  if (doc.access === 'token') return [{ bearerToken: [] }];
  const bearer = doc.token ? [{ bearerToken: [doc.token] }] : [];
  if (doc.access === 'anyone' || doc.access === 'stripe') {
    return doc.personal || bearer.length ? [{}, ...(doc.personal ? [{ sessionCookie: [] }] : []), ...bearer] : [];
  }
  return [{ sessionCookie: [] }, ...bearer];
}

/**
 * `describeRoute` with the project's conventions: one tag, who may call, and the refusals that follow
 * from it. What the middleware before the route refuses (a token's 401, 403 and 429, a cross-site
 * write, a body too large) is added to every route it runs for when the document is made
 * (`openApiDocument`'s `refusedBy`).
 */
export function route<R extends Responses>(doc: RouteDoc<R>) {
  const refusals: Responses = {};
  if (doc.access === 'signed-in' || doc.access === 'staff' || doc.access === 'admin')
    refusals[401] = error('Not signed in');
  if (doc.access === 'staff' || doc.access === 'admin') refusals[403] = error(`${ACCESS_TEXT[doc.access]} only`);
  return describeRoute({
    tags: [TAGS[doc.tag].name],
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    security: security(doc),
    'x-access': ACCESS_TEXT[doc.access],
    ...(doc.parameters ? { parameters: [...doc.parameters] } : {}),
    ...(doc.requestBody ? { requestBody: doc.requestBody } : {}),
    responses: { ...refusals, ...doc.responses },
  } as DescribeRouteOptions) as MiddlewareHandler<Env, string, BlankInput, DocumentedAnswers<R>>;
}

/** What a validator that refuses answers (400 with the field's message), as plain JSON Schema. */
const VALIDATION_ERROR = {
  description: 'Invalid input: the message names the field and what it needs',
  content: {
    'application/json': {
      schema: {
        type: 'object' as const,
        properties: { message: { type: 'string' as const }, error: { type: 'string' as const } },
        required: ['message', 'error'],
      },
    },
  },
};

/** A refusal a middleware gives: always an error { message, error }, with the headers it sets. */
interface Refusal {
  description: string;
  headers?: Record<string, HeaderDoc>;
}
/** What a middleware refuses on an operation it runs for, by status: from its method and the token scope its route accepts. */
export type MiddlewareRefusals = (operation: {
  method: string;
  scope: string | null;
}) => Partial<Record<number, Refusal>>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** sameOriginOnly (worker/middleware/security.ts): a write sent by another website's page. */
export const CROSS_SITE_REFUSAL: MiddlewareRefusals = ({ method }) =>
  SAFE_METHODS.has(method) ? {} : { 403: { description: 'Sent from another website' } };
/** limitBody (worker/middleware/security.ts): a body over the limit. */
export const BODY_LIMIT_REFUSAL: MiddlewareRefusals = ({ method }) =>
  SAFE_METHODS.has(method) ? {} : { 413: { description: 'The body is too large' } };
/**
 * bearerAuth (worker/features/tokens/bearer.ts) on every route after it: a bad token, or a token in
 * the address, is 401 whatever the route; a good one is 403 where the token policy does not let it
 * make the call, and 429 over its requests a minute.
 */
export const TOKEN_REFUSALS: MiddlewareRefusals = ({ scope }) => ({
  401: {
    description: 'A bearer token that is unknown, revoked or malformed, or a token in the address',
    headers: { 'WWW-Authenticate': 'Bearer realm="AgentMarket" (when a bearer token was refused)' },
  },
  403: {
    description: scope
      ? `A personal API token without the ${scope} scope`
      : 'A personal API token: this call is for a signed-in session only',
  },
  429: { description: 'A personal API token over its requests a minute', headers: RETRY_AFTER },
});

type ResponseObject = {
  description: string;
  content?: Record<string, { schema?: JsonSchemaObject }>;
  headers?: Record<string, unknown>;
};
type OperationObject = { security?: Record<string, string[]>[]; responses?: Record<string, ResponseObject> };
type Document = Awaited<ReturnType<typeof generateSpecs>>;
let generated: Promise<Document> | undefined;

const METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);
/** Hono's path syntax to OpenAPI's: `:id` and `:id{[0-9]+}` become `{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, '{$1}');
/** Whether a middleware registered at `pattern` ('/api/*', or a path) runs for a route at `path`. */
const covers = (pattern: string, path: string) =>
  pattern.endsWith('/*')
    ? path === pattern.slice(0, -2) || path.startsWith(pattern.slice(0, -1))
    : pattern === '*' || pattern === path;

/**
 * For each operation ('get /api/agents/{id}'), the refusals of the middleware in `refusedBy` that run
 * before its handlers: those registered (app.use) earlier in the route table, under a path covering it.
 */
function middlewareBefore(
  app: Hono<never>,
  refusedBy: [MiddlewareHandler<never>, MiddlewareRefusals][],
): Map<string, MiddlewareRefusals[]> {
  const active: { pattern: string; refusals: MiddlewareRefusals }[] = [];
  const found = new Map<string, MiddlewareRefusals[]>();
  for (const r of app.routes) {
    const handler = findTargetHandler(r.handler);
    const refusals = r.method === 'ALL' ? refusedBy.find(([middleware]) => middleware === handler)?.[1] : undefined;
    if (refusals) active.push({ pattern: r.path, refusals });
    if (!METHODS.has(r.method)) continue;
    const key = `${r.method.toLowerCase()} ${openApiPath(r.path)}`;
    if (!found.has(key))
      found.set(
        key,
        active.filter((m) => covers(m.pattern, r.path)).map((m) => m.refusals),
      );
  }
  return found;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Adds a middleware's refusal to an operation's answers, beside what the route already answers with that status. */
function addRefusal(
  responses: Record<string, ResponseObject>,
  status: string,
  refusal: Refusal,
  errorSchema: JsonSchemaObject,
) {
  const headers =
    refusal.headers &&
    Object.fromEntries(Object.entries(refusal.headers).map(([name, doc]) => [name, headerObject(doc)]));
  const existing = responses[status];
  if (!existing) {
    responses[status] = {
      description: refusal.description,
      content: { 'application/json': { schema: structuredClone(errorSchema) } },
      ...(headers ? { headers } : {}),
    };
    return;
  }
  if (!existing.description.includes(refusal.description))
    existing.description = `${existing.description}; ${lowerFirst(refusal.description)}`;
  const media = existing.content?.['application/json'];
  if (!media?.schema)
    existing.content = { ...existing.content, 'application/json': { schema: structuredClone(errorSchema) } };
  else if (
    !sameJson(media.schema, errorSchema) &&
    !(media.schema.anyOf as unknown[] | undefined)?.some((s) => sameJson(s, errorSchema))
  ) {
    media.schema = { anyOf: [media.schema, structuredClone(errorSchema)] };
  }
  if (headers) existing.headers = { ...existing.headers, ...headers };
}

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of `app`, made once per isolate from its route
 * table, with the refusals of the middleware in `refusedBy` on every operation it runs for; the
 * server is the origin asked.
 */
export function openApiDocument<E extends Env>(
  app: () => Hono<E>,
  refusedBy: [MiddlewareHandler<E>, MiddlewareRefusals][] = [],
) {
  return async (c: Context<E>) => {
    generated ??= generateSpecs(app(), {
      documentation: {
        info: {
          title: 'AgentMarket API',
          version: '1',
          // The terms of service are the API's licence: this site's own page (relative to the server).
          license: { name: 'AgentMarket terms of service', url: '/terms' },
          description:
            'The JSON API the app itself uses. Errors answer { message, error } (the same text twice). State-changing requests from other websites are refused; programs authenticate with a personal API token (Authorization: Bearer) for what its scopes allow. A method a path does not offer is answered 405, with an Allow header naming those it does; every 429 says in Retry-After how many seconds to wait.',
        },
        tags: Object.values(TAGS).map((t) => ({ ...t })),
        components: {
          securitySchemes: {
            sessionCookie: {
              type: 'apiKey',
              in: 'cookie',
              name: SESSION_COOKIE,
              description: 'The HttpOnly session cookie set by signing in.',
            },
            bearerToken: {
              type: 'http',
              scheme: 'bearer',
              description:
                'A personal API token (amk_…) made in Settings; its scopes (read, try) limit what it may call.',
            },
          },
        },
      },
      defaultValidationErrorResponse: VALIDATION_ERROR,
      // Its default drops paths whose last segment has a dot, this document's own among them.
      excludeStaticFile: false,
    })
      .then((doc) => {
        const before = middlewareBefore(
          app() as unknown as Hono<never>,
          refusedBy as unknown as [MiddlewareHandler<never>, MiddlewareRefusals][],
        );
        const errorSchema = toJsonSchema(apiErrorSchema, SCHEMA_OPTIONS) as JsonSchemaObject;
        delete errorSchema.$schema;
        for (const [path, item] of Object.entries(doc.paths)) {
          for (const [method, operation] of Object.entries(item as Record<string, OperationObject>)) {
            const scope = operation.security?.find((s) => 'bearerToken' in s)?.bearerToken?.[0] ?? null;
            operation.responses ??= {};
            for (const refusals of before.get(`${method} ${path}`) ?? []) {
              for (const [status, refusal] of Object.entries(refusals({ method: method.toUpperCase(), scope }))) {
                if (refusal) addRefusal(operation.responses, status, refusal, errorSchema);
              }
            }
          }
        }
        return doc;
      })
      .catch((err: unknown) => {
        generated = undefined;
        throw err;
      });
    const doc = await generated;
    c.header('Cache-Control', 'public, max-age=300');
    // The version hono-openapi writes, as the route documents it (its type says only string).
    return c.json({ ...doc, openapi: '3.1.0' as const, servers: [{ url: new URL(c.req.url).origin }] });
  };
}
