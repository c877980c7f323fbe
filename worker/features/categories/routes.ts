import { Hono } from 'hono';
import * as v from 'valibot';
import { categorySchemaOut, departmentSchemaOut } from '#common/api-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { fail } from '#worker/lib/http.ts';
import { error, json, route } from '#worker/lib/openapi.ts';
import { idParam } from '#worker/lib/validator.ts';
import { getCategory, getDepartment, listCategories, listDepartments } from './data';

export const categoriesRoutes = new Hono<AppEnv>()
  .get(
    '/',
    route({
      tag: 'categories',
      summary: 'Every category',
      access: 'anyone',
      token: 'read',
      responses: { 200: json(v.array(categorySchemaOut), 'The categories') },
    }),
    async (c) => c.json(await listCategories(c.env.DB)),
  )
  .get(
    '/:id',
    route({
      tag: 'categories',
      summary: 'A category',
      access: 'anyone',
      token: 'read',
      responses: { 200: json(categorySchemaOut, 'The category'), 404: error('Category not found') },
    }),
    idParam('id', 'Category not found'),
    async (c) => {
      const { id } = c.req.valid('param');
      const category = await getCategory(c.env.DB, id);
      return category ? c.json(category) : fail(c, 404, 'Category not found');
    },
  );

export const departmentsRoutes = new Hono<AppEnv>()
  .get(
    '/',
    route({
      tag: 'categories',
      summary: 'Every department',
      access: 'anyone',
      token: 'read',
      responses: { 200: json(v.array(departmentSchemaOut), 'The departments') },
    }),
    async (c) => c.json(await listDepartments(c.env.DB)),
  )
  .get(
    '/:id',
    route({
      tag: 'categories',
      summary: 'A department',
      access: 'anyone',
      token: 'read',
      responses: { 200: json(departmentSchemaOut, 'The department'), 404: error('Department not found') },
    }),
    idParam('id', 'Department not found'),
    async (c) => {
      const { id } = c.req.valid('param');
      const department = await getDepartment(c.env.DB, id);
      return department ? c.json(department) : fail(c, 404, 'Department not found');
    },
  );
