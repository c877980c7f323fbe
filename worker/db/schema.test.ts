// The drizzle schema and the migrations agree: every table of the migrated database (virtual FTS
// tables and their shadow tables aside) is declared in worker/db/schema.ts with the same columns,
// defaults, foreign keys, indexes, unique constraints and CHECKs, and schema.ts declares nothing the
// database lacks. Generic on purpose: a migration that adds a table or an index fails here until
// schema.ts declares it.
import { env } from 'cloudflare:workers';
import { is, SQL } from 'drizzle-orm';
import { getTableConfig, SQLiteSyncDialect, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

const dialect = new SQLiteSyncDialect();
/** Renders SQL as the migrations would write it: bare column names (drizzle's index mode). */
const render = (value: SQL) => dialect.sqlToQuery(value, 'indexes').sql;
/** Spelling-insensitive form of a piece of SQL: no quotes, case or spacing differences. */
const norm = (s: string) =>
  s
    .replace(/["`]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),=<>*+-])\s*/g, '$1')
    .trim();
const unwrap = (s: string) => (s.startsWith('(') && s.endsWith(')') ? s.slice(1, -1) : s);

const drizzleTables = new Map(
  Object.values(schema as Record<string, unknown>)
    .filter((v): v is SQLiteTable => is(v, SQLiteTable))
    .map((t) => [getTableConfig(t).name, getTableConfig(t)]),
);

const all = async <T>(query: string) => (await env.DB.prepare(query).all<T>()).results;

async function migratedTables(): Promise<string[]> {
  const rows = await all<{ name: string; type: string }>('PRAGMA table_list');
  return rows
    .filter((r) => r.type === 'table' && !/^(sqlite_|_cf_|d1_migrations$)/.test(r.name))
    .map((r) => r.name)
    .sort();
}

/** The CHECK expressions of a CREATE TABLE statement, comments removed. */
function checksOf(createSql: string): string[] {
  const text = createSql.replace(/--[^\n]*/g, '');
  const out: string[] = [];
  for (const match of text.matchAll(/\bCHECK\s*\(/gi)) {
    let depth = 1;
    let i = match.index + match[0].length;
    const start = i;
    for (; i < text.length && depth > 0; i++) depth += text[i] === '(' ? 1 : text[i] === ')' ? -1 : 0;
    out.push(norm(text.slice(start, i - 1)));
  }
  return out.sort();
}

/** A column default as SQLite reports it in PRAGMA table_info. */
function defaultOf(value: unknown): string | null {
  if (value === undefined) return null;
  if (is(value, SQL)) return norm(unwrap(render(value)));
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') return String(value);
  return norm(`'${String(value).replace(/'/g, "''")}'`);
}

describe('worker/db/schema.ts matches migrations/*.sql', () => {
  it('declares every table of the migrated database, and no other', async () => {
    expect([...drizzleTables.keys()].sort()).toEqual(await migratedTables());
  });

  it('has the same columns, types, NOT NULLs, defaults and primary keys', async () => {
    for (const table of await migratedTables()) {
      const config = drizzleTables.get(table);
      if (!config) continue; // reported by the table test
      const actual = (
        await all<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(
          `PRAGMA table_info("${table}")`,
        )
      ).map(
        (c) =>
          `${c.name} ${c.type.toUpperCase()}${c.notnull ? ' NOT NULL' : ''}${c.pk ? ' PRIMARY KEY' : ''}${c.dflt_value == null ? '' : ` DEFAULT ${norm(unwrap(c.dflt_value))}`}`,
      );
      const declared = config.columns.map((c) => {
        const d = defaultOf(c.default);
        return `${c.name} ${c.getSQLType().toUpperCase()}${c.notNull && !c.primary ? ' NOT NULL' : ''}${c.primary ? ' PRIMARY KEY' : ''}${d == null ? '' : ` DEFAULT ${d}`}`;
      });
      // A primary key column reports notnull only when declared so; drizzle marks it not null.
      expect(declared.sort(), table).toEqual(
        actual.map((a) => a.replace(' NOT NULL PRIMARY KEY', ' PRIMARY KEY')).sort(),
      );
    }
  });

  it('has the same foreign keys, with their ON DELETE and ON UPDATE actions', async () => {
    for (const table of await migratedTables()) {
      const config = drizzleTables.get(table);
      if (!config) continue;
      const actual = (
        await all<{ table: string; from: string; to: string | null; on_delete: string; on_update: string }>(
          `PRAGMA foreign_key_list("${table}")`,
        )
      ).map(
        (f) =>
          `${f.from} -> ${f.table}.${f.to ?? 'id'} delete ${f.on_delete.toLowerCase()} update ${f.on_update.toLowerCase()}`,
      );
      const declared = config.foreignKeys.map((fk) => {
        const ref = fk.reference();
        const cols = ref.columns.map((c) => c.name).join(',');
        const target = `${getTableConfig(ref.foreignTable).name}.${ref.foreignColumns.map((c) => c.name).join(',')}`;
        return `${cols} -> ${target} delete ${fk.onDelete ?? 'no action'} update ${fk.onUpdate ?? 'no action'}`;
      });
      expect(declared.sort(), table).toEqual(actual.sort());
    }
  });

  it('has the same indexes (columns, order, collation, expression, uniqueness, WHERE) and unique constraints', async () => {
    const indexSql = new Map(
      (await all<{ name: string; sql: string | null }>(`SELECT name, sql FROM sqlite_master WHERE type = 'index'`)).map(
        (r) => [r.name, r.sql],
      ),
    );
    for (const table of await migratedTables()) {
      const config = drizzleTables.get(table);
      if (!config) continue;
      const list = await all<{ name: string; unique: number; origin: string }>(`PRAGMA index_list("${table}")`);
      // CREATE INDEX statements: compared by name and by what follows "ON <table>".
      const actual = list
        .filter((i) => i.origin === 'c')
        .map((i) => {
          const body = (indexSql.get(i.name) ?? '')
            .replace(/--[^\n]*/g, '')
            .replace(new RegExp(`^[\\s\\S]*?\\bON\\s+"?${table}"?\\s*`, 'i'), '');
          return `${i.unique ? 'unique ' : ''}${i.name} ${norm(body)}`;
        });
      const declared = config.indexes.map((ix) => {
        const { name, unique, columns, where } = ix.config;
        const cols = columns.map((c) => (is(c, SQL) ? render(c) : `"${c.name}"`)).join(', ');
        return `${unique ? 'unique ' : ''}${name} ${norm(`(${cols})${where ? ` WHERE ${render(where)}` : ''}`)}`;
      });
      expect(declared.sort(), `${table} indexes`).toEqual(actual.sort());

      // UNIQUE constraints (column or table level) become sqlite_autoindex_* indexes.
      const uniques: string[] = [];
      for (const i of list.filter((x) => x.origin === 'u')) {
        const cols = await all<{ seqno: number; name: string }>(`PRAGMA index_info("${i.name}")`);
        uniques.push(
          cols
            .sort((a, b) => a.seqno - b.seqno)
            .map((c) => c.name)
            .join(','),
        );
      }
      const declaredUniques = [
        ...config.columns.filter((c) => c.isUnique).map((c) => c.name),
        ...config.uniqueConstraints.map((u) => u.columns.map((c) => c.name).join(',')),
      ];
      expect(declaredUniques.sort(), `${table} unique constraints`).toEqual(uniques.sort());
    }
  });

  it('has the same CHECK constraints', async () => {
    const createSql = new Map(
      (await all<{ name: string; sql: string }>(`SELECT name, sql FROM sqlite_master WHERE type = 'table'`)).map(
        (r) => [r.name, r.sql],
      ),
    );
    for (const table of await migratedTables()) {
      const config = drizzleTables.get(table);
      if (!config) continue;
      const declared = config.checks.map((c) => norm(render(c.value))).sort();
      expect(declared, table).toEqual(checksOf(createSql.get(table) ?? ''));
    }
  });
});
