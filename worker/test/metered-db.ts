// A test's view of what the code under test asks D1: the most rows any one statement read (a
// batch's statements each counted on their own), how many statements ran, and every statement's
// SQL as prepared, through D1's own meta.
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { db } from './fixtures';

export function meteredDb(): { d1: D1Database; most: () => number; ran: () => number; queries: string[] } {
  let most = 0;
  let ran = 0;
  const queries: string[] = [];
  const track = <T extends { meta: { rows_read?: number } }>(result: T) => {
    ran += 1;
    most = Math.max(most, result.meta.rows_read ?? 0);
    return result;
  };
  const d1 = new Proxy(db(), {
    get(target, key, receiver) {
      if (key === 'batch')
        return async (list: D1PreparedStatement[]) => (await target.batch(list)).map((r) => track(r));
      if (key !== 'prepare') return Reflect.get(target, key, receiver) as unknown;
      return (query: string) => {
        queries.push(query);
        const statement = target.prepare(query);
        const wrap = (s: D1PreparedStatement): D1PreparedStatement =>
          new Proxy(s, {
            get(inner, name, r) {
              if (name === 'bind') return (...args: unknown[]) => wrap(inner.bind(...args));
              if (name === 'run' || name === 'all') return async () => track(await inner[name]());
              if (name === 'first')
                return async (column?: string) => {
                  const row = track(await inner.all<Record<string, unknown>>()).results[0] ?? null;
                  return column === undefined || row === null ? row : (row[column] ?? null);
                };
              return Reflect.get(inner, name, r) as unknown;
            },
          });
        return wrap(statement);
      };
    },
  }) as D1Database;
  return { d1, most: () => most, ran: () => ran, queries };
}
