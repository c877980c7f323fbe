// What the /api page shows of GET /api/openapi.json (docs/decisions/0033): the operations grouped
// by tag, with the parts of their JSON Schemas a reader needs, as plain text.

/** The parts of an OpenAPI 3.1 document the page reads; anything else is ignored. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  contentMediaType?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
}
interface MediaType {
  schema?: JsonSchema;
}
interface RawParameter {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}
interface RawOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  'x-access'?: string;
  parameters?: RawParameter[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, MediaType>; headers?: Record<string, { description?: string }> }
  >;
}
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, RawOperation>>;
}

export interface Field {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}
export interface Parameter extends Field {
  in: string;
}
export interface Body {
  media: string;
  type: string;
  fields: Field[];
}
export interface Reply {
  status: string;
  description: string;
  bodies: Body[];
  headers: string[];
}
export interface Operation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  /** Who may call it, in words. */
  access: string;
  /** The credentials it takes, in words. */
  credentials: string[];
  parameters: Parameter[];
  requestBody: Body[];
  responses: Reply[];
}
export interface Group {
  id: string;
  name: string;
  description?: string;
  operations: Operation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** A schema's type in a few words: `integer`, `string | null`, `Agent fields[]`, `"open" | "hidden"`. */
export function typeText(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return [...new Set(options.map(typeText))].join(' | ');
  if (schema.allOf) return schema.allOf.map(typeText).join(' & ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array')
    return schema.prefixItems ? `[${schema.prefixItems.map(typeText).join(', ')}]` : `${typeText(schema.items)}[]`;
  if (type === 'string' && schema.contentMediaType) return `file (${schema.contentMediaType})`;
  return type ?? 'any';
}

/** Limits a reader would otherwise learn from a 400: lengths, bounds, a pattern. */
function limits(schema: JsonSchema): string[] {
  const out: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    out.push(`${schema.minLength ?? 0} to ${schema.maxLength ?? '…'} characters`);
  if (schema.minimum !== undefined && schema.maximum !== undefined) out.push(`${schema.minimum} to ${schema.maximum}`);
  else if (schema.minimum !== undefined) out.push(`at least ${schema.minimum}`);
  else if (schema.maximum !== undefined) out.push(`at most ${schema.maximum}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

/** The fields of an object (or of the objects of an array, or of each object a union may be). */
export function fieldsOf(schema: JsonSchema | undefined): Field[] {
  if (!schema) return [];
  if (schema.properties) {
    const required = new Set(schema.required ?? []);
    return Object.entries(schema.properties).map(([name, property]) => {
      const notes = [property.description, ...limits(property)].filter(Boolean).join('; ');
      return { name, type: typeText(property), required: required.has(name), ...(notes ? { description: notes } : {}) };
    });
  }
  if (schema.items) return fieldsOf(schema.items);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const seen = new Map<string, Field>();
    for (const field of options.flatMap(fieldsOf)) if (!seen.has(field.name)) seen.set(field.name, field);
    return [...seen.values()];
  }
  return [];
}

const bodies = (content: Record<string, MediaType> | undefined): Body[] =>
  Object.entries(content ?? {}).map(([media, { schema }]) => ({
    media,
    type: typeText(schema),
    fields: fieldsOf(schema),
  }));

/** The credentials of an operation in words, from its security requirements. */
export function credentialsOf(security: Record<string, string[]>[] | undefined): string[] {
  if (!security?.length) return ['None'];
  return security.map((requirement) => {
    const names = Object.entries(requirement).map(([scheme, scopes]) =>
      scheme === 'sessionCookie'
        ? 'Session cookie'
        : scheme === 'bearerToken'
          ? `API token${scopes.length ? ` (scope ${scopes.join(', ')})` : ''}`
          : scheme,
    );
    return names.length ? names.join(' and ') : 'None (optional)';
  });
}

const slug = (text: string) =>
  `api-${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/** The document's operations by tag, in the document's tag order (untagged ones last, under 'Other'). */
export function groupsOf(doc: OpenApiDocument): Group[] {
  const groups = new Map<string, Group>();
  for (const tag of doc.tags ?? [])
    groups.set(tag.name, { id: slug(tag.name), name: tag.name, description: tag.description, operations: [] });
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, { id: slug(tag), name: tag, operations: [] });
      groups.get(tag)!.operations.push({
        id: slug(`${method} ${path}`),
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? '',
        ...(op.description ? { description: op.description } : {}),
        access: op['x-access'] ?? '',
        credentials: credentialsOf(op.security),
        parameters: (op.parameters ?? []).map((p) => {
          const notes = [p.description ?? p.schema?.description, ...(p.schema ? limits(p.schema) : [])]
            .filter(Boolean)
            .join('; ');
          return {
            in: p.in,
            name: p.name,
            type: typeText(p.schema),
            required: Boolean(p.required),
            ...(notes ? { description: notes } : {}),
          };
        }),
        requestBody: bodies(op.requestBody?.content),
        responses: Object.entries(op.responses ?? {})
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([status, r]) => ({
            status,
            description: r.description ?? '',
            bodies: bodies(r.content),
            headers: Object.keys(r.headers ?? {}),
          })),
      });
    }
  }
  return [...groups.values()].filter((g) => g.operations.length > 0);
}

/** The groups with only the operations whose method, path, summary or tag contain every word of `query`. */
export function filterGroups(groups: Group[], query: string): Group[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return groups;
  return groups
    .map((g) => ({
      ...g,
      operations: g.operations.filter((op) => {
        const text = `${op.method} ${op.path} ${op.summary} ${g.name}`.toLowerCase();
        return words.every((w) => text.includes(w));
      }),
    }))
    .filter((g) => g.operations.length > 0);
}
