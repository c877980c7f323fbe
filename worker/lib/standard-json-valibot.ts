// Stands in for @standard-community/standard-json wherever the worker is bundled or tested
// (wrangler.toml and the vitest configs alias it here; docs/decisions/0033). That package converts
// the schemas of every validation library it knows, loading each converter on demand, and a bundle
// holds them all: zod whole (its 49 locales included) for nothing, since this worker's schemas are
// valibot's. Same API and the same converter as the package's own valibot path.
import { toJsonSchema as valibotToJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';

type Converter = (schema: unknown, options?: Record<string, unknown>) => unknown;
type StandardSchema = { '~standard': { vendor: string } };

const converters = new Map<string, Converter>([
  ['valibot', (schema, options) => valibotToJsonSchema(schema as GenericSchema, options)],
]);

/** Registers the converter of another library, as the package's loadVendor does. */
export function loadVendor(vendor: string, fn: Converter): void {
  converters.set(vendor, fn);
}

export async function toJsonSchema(schema: StandardSchema, options?: Record<string, unknown>): Promise<unknown> {
  const vendor = schema['~standard'].vendor;
  const convert = converters.get(vendor);
  if (!convert) throw new Error(`standard-json: Unsupported schema vendor "${vendor}".`);
  return convert(schema, options);
}
