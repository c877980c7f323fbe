import { validator } from 'hono/validator';
import * as v from 'valibot';
import { firstIssue, MESSAGES } from '#common/validation.ts';
import { errorBody } from './http';

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
export const jsonBody = <S extends v.GenericSchema>(schema: S) =>
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
  });

/**
 * Validates a route's path parameters or query with a valibot schema; a failure answers 400 with the
 * schema's message.
 */
export const validated = <T extends 'param' | 'query', S extends v.GenericSchema>(target: T, schema: S) =>
  // The input's type annotated, so the typed client (hono/client) knows which fields the route takes.
  validator(target, (value: v.InferInput<S>, c) => {
    const result = v.safeParse(schema, value);
    if (!result.success) return c.json(errorBody(firstIssue(result.issues)), 400);
    return result.output as v.InferOutput<S>;
  });
