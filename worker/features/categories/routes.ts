import type { D1Database } from '@cloudflare/workers-types';
import { Hono } from 'hono';
import * as v from 'valibot';
import { categorySchemaOut, departmentSchemaOut } from '#common/api-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { fail } from '#worker/lib/http.ts';
import { error, json, route } from '#worker/lib/openapi.ts';
import { idParam } from '#worker/lib/validator.ts';
import { getCategory, getDepartment, listCategories, listDepartments } from './data';

/**
 * A grouping of the catalogue (categories, departments), named by its noun: every one of them, and
 * one by id. Both groupings answer alike, so their routes and wording are made here once.
 */
const groupingRoutes = <S extends v.GenericSchema>(
  noun: { one: string; many: string },
  item: S,
  list: (d1: D1Database) => Promise<v.InferOutput<S>[]>,
  get: (d1: D1Database, id: number) => Promise<v.InferOutput<S> | null>,
) => {
  const notFound = `${noun.one.charAt(0).toUpperCase()}${noun.one.slice(1)} not found`;
  return new Hono<AppEnv>()
    .get(
      '/',
      route({
        tag: 'categories',
        summary: `Every ${noun.one}`,
        access: 'anyone',
        token: 'read',
        responses: { 200: json(v.array(item), `The ${noun.many}`) },
      }),
      async (c) => c.json(await list(c.env.DB)),
    )
    .get(
      '/:id',
      route({
        tag: 'categories',
        summary: `A ${noun.one}`,
        access: 'anyone',
        token: 'read',
        responses: { 200: json(item, `The ${noun.one}`), 404: error(notFound) },
      }),
      idParam('id', notFound),
      async (c) => {
        const found = await get(c.env.DB, c.req.valid('param').id);
        return found ? c.json(found) : fail(c, 404, notFound);
      },
    );
};

export const categoriesRoutes = groupingRoutes(
  { one: 'category', many: 'categories' },
  categorySchemaOut,
  listCategories,
  getCategory,
);
export const departmentsRoutes = groupingRoutes(
  { one: 'department', many: 'departments' },
  departmentSchemaOut,
  listDepartments,
  getDepartment,
);
