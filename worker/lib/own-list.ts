import type { D1Database } from '@cloudflare/workers-types';
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '#worker/env.ts';
import { json, route, type RouteDoc } from './openapi';

/**
 * A GET of the signed-in person's own list (their tokens, saved agents, history…), for
 * `.get(path, ...ownList(…))` on a sub-app behind requireUser: the route's document, and the
 * handler answering what `load` finds for them. The list's item schema types both.
 */
export const ownList = <S extends v.GenericSchema>(
  doc: Omit<RouteDoc, 'access' | 'responses'>,
  item: S,
  description: string,
  load: (d1: D1Database, userId: number) => Promise<v.InferOutput<S>[]>,
) =>
  [
    route({ ...doc, access: 'signed-in', responses: { 200: json(v.array(item), description) } }),
    async (c: Context<AppEnv>) => c.json(await load(c.env.DB, c.var.user!.id)),
  ] as const;
