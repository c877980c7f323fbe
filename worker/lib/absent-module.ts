// Stands in for a library hono-openapi's schema converters can load (zod-openapi) but this worker
// never uses (the alias in wrangler.toml; docs/decisions/0033). Only valibot's converter is ever called.
export {};
