import type { D1Database } from '@cloudflare/workers-types';
import { asc, eq } from 'drizzle-orm';
import type { Category, Department } from '#common/types.ts';
import { orm } from '#worker/db/client.ts';
import { agents, categories, departments } from '#worker/db/schema.ts';

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  description: categories.description,
  icon: categories.icon,
  agentCount: categories.agentCount,
  parentId: categories.parentId,
  isMainCategory: categories.isMainCategory,
};

export async function listCategories(db: D1Database): Promise<Category[]> {
  return orm(db).select(categoryColumns).from(categories).orderBy(asc(categories.id));
}

export async function getCategory(db: D1Database, id: number): Promise<Category | null> {
  const [row] = await orm(db).select(categoryColumns).from(categories).where(eq(categories.id, id));
  return row ?? null;
}

/** Departments carry no counter column: their agents are counted (indexed on department_id). */
const departmentSelect = (db: D1Database) =>
  orm(db)
    .select({
      id: departments.id,
      name: departments.name,
      description: departments.description,
      categoryId: departments.categoryId,
      agentCount: orm(db).$count(agents, eq(agents.departmentId, departments.id)),
    })
    .from(departments);

export async function listDepartments(db: D1Database): Promise<Department[]> {
  return departmentSelect(db).orderBy(asc(departments.id));
}

export async function getDepartment(db: D1Database, id: number): Promise<Department | null> {
  const [row] = await departmentSelect(db).where(eq(departments.id, id));
  return row ?? null;
}
