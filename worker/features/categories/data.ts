import type { D1Database } from '@cloudflare/workers-types';
import type { Category, Department } from '../../../common/types';

interface CategoryRaw {
  id: number;
  name: string;
  description: string | null;
  icon: string | null;
  agent_count: number;
  parent_id: number | null;
  is_main_category: number;
}

interface DepartmentRaw {
  id: number;
  name: string;
  description: string | null;
  category_id: number | null;
  agent_count: number;
}

const toCategory = (r: CategoryRaw): Category => ({
  id: r.id,
  name: r.name,
  description: r.description,
  icon: r.icon,
  agentCount: r.agent_count,
  parentId: r.parent_id,
  isMainCategory: r.is_main_category === 1,
});

const toDepartment = (r: DepartmentRaw): Department => ({
  id: r.id,
  name: r.name,
  description: r.description,
  categoryId: r.category_id,
  agentCount: r.agent_count,
});

export async function listCategories(db: D1Database): Promise<Category[]> {
  const { results } = await db.prepare('SELECT * FROM categories ORDER BY id').all<CategoryRaw>();
  return results.map(toCategory);
}

export async function getCategory(db: D1Database, id: number): Promise<Category | null> {
  const row = await db.prepare('SELECT * FROM categories WHERE id = ?').bind(id).first<CategoryRaw>();
  return row ? toCategory(row) : null;
}

const DEPARTMENT_SELECT = `SELECT d.*, (SELECT count(*) FROM agents a WHERE a.department_id = d.id) AS agent_count
  FROM departments d`;

export async function listDepartments(db: D1Database): Promise<Department[]> {
  const { results } = await db.prepare(`${DEPARTMENT_SELECT} ORDER BY d.id`).all<DepartmentRaw>();
  return results.map(toDepartment);
}

export async function getDepartment(db: D1Database, id: number): Promise<Department | null> {
  const row = await db.prepare(`${DEPARTMENT_SELECT} WHERE d.id = ?`).bind(id).first<DepartmentRaw>();
  return row ? toDepartment(row) : null;
}
