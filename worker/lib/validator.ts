import { validator } from 'hono/validator';
import * as v from 'valibot';
import { firstIssue, MESSAGES } from '../../common/validation';
import { errorBody } from './http';

/**
 * Validates a JSON body with a shared valibot schema; a failure answers 400 with the schema's
 * message (SPEC section 5 wording). Non-object bodies and wrong types fail the same way.
 */
export const jsonBody = <S extends v.GenericSchema>(schema: S) =>
  validator('json', (value, c) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return c.json(errorBody(MESSAGES.invalidJson), 400);
    }
    const result = v.safeParse(schema, value);
    if (!result.success) return c.json(errorBody(firstIssue(result.issues)), 400);
    return result.output as v.InferOutput<S>;
  });
