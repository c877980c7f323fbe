// Typed queries over the D1 binding (drizzle-orm's D1 driver). One instance per binding object.
import type { D1Database } from '@cloudflare/workers-types';
import { getTableColumns, sql, type Table } from 'drizzle-orm';
import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import * as schema from './schema';

export type Db = DrizzleD1Database<typeof schema>;

const instances = new WeakMap<D1Database, Db>();

export function orm(d1: D1Database): Db {
  let db = instances.get(d1);
  if (!db) {
    db = drizzle(d1 as never, { schema });
    instances.set(d1, db);
  }
  return db;
}

/** `column = value COLLATE NOCASE` (drizzle has no word for a collation): how usernames and emails compare. */
export const eqNocase = (column: SQLiteColumn, value: string) => sql`${column} = ${value} COLLATE NOCASE`;

/** These columns of `table` under their own names, as a select list: `db.select(columnsOf(users, 'id', 'email'))`. */
export function columnsOf<T extends Table, K extends keyof T['_']['columns']>(table: T, ...names: K[]) {
  const columns = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, columns[name]])) as Pick<T['_']['columns'], K>;
}
