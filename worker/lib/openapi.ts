// Each route says once what it takes and answers, and GET /api/openapi.json is made from that
// (docs/decisions/0033): `describeRoute` (hono-openapi) carries the summary, tag, credentials and
// answers; the body, path and query validators (./validator.ts) add their valibot schemas.
import type { Context, Env, Hono } from 'hono';
import { describeRoute, generateSpecs, resolver, type DescribeRouteOptions } from 'hono-openapi';
import type * as v from 'valibot';
import { apiErrorSchema } from '#common/api-schemas.ts';
import type { TokenScope } from '#common/api-tokens.ts';
import { SESSION_COOKIE } from '#common/constants.ts';

/** The document's groups, in the order the /api page shows them. */
export const TAGS = {
  agents: { name: 'Agents', description: 'The catalogue: list, search, read, and for creators create, change and delete.' },
  tries: { name: 'Tries', description: 'Trying an agent costs its credits once per Idempotency-Key.' },
  reviews: { name: 'Reviews', description: 'Ratings and reviews, creator replies and helpful votes.' },
  categories: { name: 'Categories', description: 'Categories and departments of the catalogue.' },
  creators: { name: 'Creators', description: 'Public profiles, creator pages and following.' },
  auth: { name: 'Sign-in', description: 'Register, sign in and out; a session cookie is set.' },
  account: { name: 'Account', description: 'The signed-in person: email confirmation, password, email change, profile and picture.' },
  saved: { name: 'Saved', description: 'Agents saved for later, on every device.' },
  credits: { name: 'Credits', description: 'Balance, history, receipts and buying credits.' },
  earnings: { name: 'Earnings', description: "Creators' earnings, payouts, statements and insights." },
  proposals: { name: 'Proposals', description: 'Agent ideas anyone may propose; the staff inbox.' },
  moderation: { name: 'Moderation', description: 'Reports, and the moderators’ queue.' },
  admin: { name: 'Admin', description: 'Refunds, support and the operators’ totals.' },
  tokens: { name: 'API tokens', description: 'Personal API tokens for programs; session only.' },
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

/** A JSON answer shaped by a valibot schema, with the headers it sets (and `alsoAs`: the same as text, such as CSV). */
export const json = (schema: v.GenericSchema, description: string, headers?: Record<string, string>, alsoAs?: string): Response => ({
  description,
  content: { 'application/json': { schema: resolver(schema) }, ...(alsoAs ? { [alsoAs]: { schema: { type: 'string' } } } : {}) },
  ...(headers ? { headers: Object.fromEntries(Object.entries(headers).map(([name, text]) => [name, { description: text, schema: { type: 'string' } }])) } : {}),
});
/** The header of a list answer that holds how many there are in all. */
export const TOTAL_COUNT = { 'X-Total-Count': 'How many match in all (the answer holds one page)' };
interface HeaderParameter {
  in: 'header';
  name: string;
  required: boolean;
  description: string;
  schema: { type: 'string'; pattern?: string };
}
/** Optional header of the requests the outbox may repeat (worker/lib/idempotency.ts). */
export const IDEMPOTENCY_KEY_HEADER: HeaderParameter = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description: 'A repeat with the same key gets the first answer instead of acting twice (8 to 128 of A-Z a-z 0-9 _ . : -)',
  schema: { type: 'string', pattern: '^[\\w.:-]{8,128}$' },
};
/** An error answer: { message, error } with the reason. */
export const error = (description: string): Response => json(apiErrorSchema, description);
export const csv = (description: string): Response => ({ description, content: { 'text/csv': { schema: { type: 'string' } } } });
export const noContent = (description: string): Response => ({ description });
/** A redirect: what it answers is where it sends the browser. */
export const redirect = (description: string): Response => ({
  description,
  headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } },
});

/** A multipart/form-data body of image files, each field named with what it is. */
export const imageUpload = (fields: Record<string, string>, required: string[]): DescribeRouteOptions['requestBody'] => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: Object.fromEntries(Object.entries(fields).map(([name, description]) => [name, { type: 'string', contentMediaType: 'image/*', description }])),
        required,
      },
    },
  },
});

export interface RouteDoc {
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
  /** Parameters no validator declares: headers. */
  parameters?: HeaderParameter[];
  responses: Responses;
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

/** `describeRoute` with the project's conventions: one tag, who may call, and the refusals that follow from it. */
export function route(doc: RouteDoc) {
  const refusals: Responses = {};
  if (doc.access === 'signed-in' || doc.access === 'staff' || doc.access === 'admin') {
    refusals[401] = error(doc.token ? 'Not signed in, or the token is unknown or revoked' : 'Not signed in');
  }
  if (doc.access === 'staff' || doc.access === 'admin') refusals[403] = error(`${ACCESS_TEXT[doc.access]} only`);
  if (doc.token) {
    refusals[403] ??= error('The token lacks the scope');
    refusals[429] = error('Over the token’s requests a minute');
  }
  return describeRoute({
    tags: [TAGS[doc.tag].name],
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    security: security(doc),
    'x-access': ACCESS_TEXT[doc.access],
    ...(doc.parameters ? { parameters: [...doc.parameters] } : {}),
    ...(doc.requestBody ? { requestBody: doc.requestBody } : {}),
    responses: { ...refusals, ...doc.responses },
  } as DescribeRouteOptions);
}

/** What a validator that refuses answers (400 with the field's message), as plain JSON Schema. */
const VALIDATION_ERROR = {
  description: 'Invalid input: the message names the field and what it needs',
  content: {
    'application/json': {
      schema: { type: 'object' as const, properties: { message: { type: 'string' as const }, error: { type: 'string' as const } }, required: ['message', 'error'] },
    },
  },
};

type Document = Awaited<ReturnType<typeof generateSpecs>>;
let generated: Promise<Document> | undefined;

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of `app`, made once per isolate from its route
 * table; the server is the origin asked.
 */
export function openApiDocument<E extends Env>(app: () => Hono<E>) {
  return async (c: Context<E>) => {
    generated ??= generateSpecs(app(), {
      documentation: {
        info: {
          title: 'AgentMarket API',
          version: '1',
          description:
            'The JSON API the app itself uses. Errors answer { message, error } (the same text twice). State-changing requests from other websites are refused; programs authenticate with a personal API token (Authorization: Bearer) for what its scopes allow.',
        },
        tags: Object.values(TAGS).map((t) => ({ ...t })),
        components: {
          securitySchemes: {
            sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The HttpOnly session cookie set by signing in.' },
            bearerToken: {
              type: 'http',
              scheme: 'bearer',
              description: 'A personal API token (amk_…) made in Settings; its scopes (read, try) limit what it may call.',
            },
          },
        },
      },
      defaultValidationErrorResponse: VALIDATION_ERROR,
      // Its default drops paths whose last segment has a dot, this document's own among them.
      excludeStaticFile: false,
    }).catch((err: unknown) => {
      generated = undefined;
      throw err;
    });
    const doc = await generated;
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ ...doc, servers: [{ url: new URL(c.req.url).origin }] });
  };
}
