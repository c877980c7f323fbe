// What GET /api/openapi.json says of a value where JSON Schema cannot read it from the valibot pipe
// (docs/decisions/0040): a transform between two schemas (blank text becomes "left out"), or query
// text a route reads leniently as the number it stands for. worker/lib/openapi.ts puts the schema
// given here in place of what the pipe said up to this point; at run time it does nothing.
import * as v from 'valibot';

/** A JSON Schema object, as OpenAPI 3.1 writes one. */
export type JsonSchemaObject = { [keyword: string]: unknown };

/** In a pipe: the document's schema for the value, replacing what the pipe said before it (later actions still add theirs). */
export const asJsonSchema = <TInput>(jsonSchema: JsonSchemaObject) =>
  v.metadata<TInput, { jsonSchema: JsonSchemaObject }>({ jsonSchema });

/** The pattern JSON Schema validators read for http(s) URLs as the API's isHttpUrl checks them (scheme in any case). */
export const HTTP_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?:';
