import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { fail, positiveInt } from '#worker/lib/http.ts';
import { getCategory, getDepartment, listCategories, listDepartments } from './data';

export const categoriesRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listCategories(c.env.DB)))
  .get('/:id', async (c) => {
    const id = positiveInt(c.req.param('id'));
    const category = id ? await getCategory(c.env.DB, id) : null;
    return category ? c.json(category) : fail(c, 404, 'Category not found');
  });

export const departmentsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listDepartments(c.env.DB)))
  .get('/:id', async (c) => {
    const id = positiveInt(c.req.param('id'));
    const department = id ? await getDepartment(c.env.DB, id) : null;
    return department ? c.json(department) : fail(c, 404, 'Department not found');
  });
