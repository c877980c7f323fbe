import { uniqueSymbol } from 'hono-openapi';
import { validator } from 'hono/validator';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { asJsonSchema } from '#common/json-schema.ts';
import { firstIssue, MESSAGES } from '#common/validation.ts';
import { errorBody } from './http';
import { POSITIVE_INT_MAX, schemaOf } from './openapi';

/**
 * Marks a validator with its schema the way hono-openapi's own `validator` does, so GET
 * /api/openapi.json lists the body, path or query it checks (docs/decisions/0033) while the checks
 * and their messages stay ours.
 */
// M unconstrained: a constraint would become the validator's contextual type and erase its input and output types.
function documented<M>(middleware: M, target: 'json' | 'param' | 'query', schema: v.GenericSchema): M {
  Object.assign(middleware as object, { [uniqueSymbol]: { target, ...schemaOf(schema) } });
  return middleware;
}

/**
 * Parses `body` with every key of an object schema present (undefined when the caller left it out),
 * so a missing field gets its own documented message instead of valibot's generic "Invalid key" text.
 */
export function parseAllKeys<S extends v.GenericSchema>(schema: S, body: Record<string, unknown>) {
  const entries = (schema as unknown as { entries?: Record<string, unknown> }).entries;
  const blanks = entries ? Object.fromEntries(Object.keys(entries).map((k) => [k, undefined])) : {};
  return v.safeParse(schema, { ...blanks, ...body });
}

/**
 * Validates a JSON body with a shared valibot schema; a failure answers 400 with the schema's
 * message (docs/product.md#validation wording). Non-object bodies and wrong types fail the same way.
 */
export const jsonBody = <S extends v.GenericSchema>(schema: S, documentedAs: v.GenericSchema = schema) =>
  documented(
    validator('json', (value, c) => {
      // Hono hands a body of another type over as {}: a schema whose fields are all optional would
      // then accept a form post as an empty change. A body says it is JSON; no body at all (a try) is {}.
      const type = c.req.header('Content-Type')?.trim();
      if (type && !/^application\/(?:[\w.+-]+\+)?json(?:;|$)/i.test(type)) {
        return c.json(errorBody(MESSAGES.invalidJson), 400);
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        return c.json(errorBody(MESSAGES.invalidJson), 400);
      }
      const result = parseAllKeys(schema, value as Record<string, unknown>);
      if (!result.success) return c.json(errorBody(firstIssue(result.issues)), 400);
      return result.output as v.InferOutput<S>;
    }),
    'json',
    documentedAs,
  );

/**
 * Validates a route's path parameters or query with a valibot schema; a failure answers `status`
 * (400 unless told: a path naming nothing that can exist is the route's 404) with the schema's message.
 */
export const validated = <
  T extends 'param' | 'query',
  S extends v.GenericSchema,
  St extends ContentfulStatusCode = 400,
>(
  target: T,
  schema: S,
  status = 400 as St,
) =>
  documented(
    // The input's type annotated, so the typed client (hono/client) knows which fields the route takes.
    validator(target, (value: v.InferInput<S>, c) => {
      const result = v.safeParse(schema, value);
      if (!result.success) return c.json(errorBody(firstIssue(result.issues)), status);
      return result.output as v.InferOutput<S>;
    }),
    target,
    schema,
  );

/** A positive whole number in a path or query, as text (the rule of `positiveInt` in ./http.ts): documented as the integer. */
export const positiveIntText = (message: string) =>
  v.pipe(
    v.string(message),
    v.regex(/^\d{1,15}$/, message),
    asJsonSchema({ type: 'integer', minimum: 1, maximum: POSITIVE_INT_MAX }),
    v.transform(Number),
    v.check((n) => Number.isSafeInteger(n) && n > 0, message),
    v.description('A positive whole number'),
  );

/**
 * An optional number in a query that the route reads leniently (`positiveInt`, parseInt: a
 * malformed one is ignored, a larger one cut to `max`): documented as the integer it stands for.
 */
export const lenientInt = (description: string, minimum: number, maximum: number) =>
  v.optional(v.pipe(v.string(), asJsonSchema({ type: 'integer', minimum, maximum }), v.description(description)));

/** The page size and offset of a list read leniently: `max` at most per page. */
export const pageQuery = (max: number) => ({
  limit: lenientInt(`Page size, at most ${max} (a larger one is cut to ${max}, a malformed one ignored)`, 1, max),
  offset: lenientInt('How many to skip (a malformed one is ignored)', 0, POSITIVE_INT_MAX),
});

/** Query text naming one of `values` (an order): documented as the enum. */
export const oneOfText = (
  values: readonly string[],
  description: string,
  check?: (value: string) => boolean,
  message?: string,
) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.check((s) => !check || check(s), message),
      asJsonSchema({ type: 'string', enum: [...values] }),
      v.description(description),
    ),
  );

/** A path parameter that is an id: anything else names nothing, so it is answered `message` with 404. */
export const idParam = <K extends string>(name: K, message: string) =>
  validated(
    'param',
    v.object({ [name]: positiveIntText(message) } as Record<K, ReturnType<typeof positiveIntText>>),
    404,
  );
