import { departmentKeys } from '#app/lib/query-keys.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Department } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';

export const getDepartments = async (): Promise<Department[]> => unwrap(await api.departments.$get());

export const getDepartmentsQueryOptions = () =>
  queryOptions({ queryKey: departmentKeys.list(), queryFn: getDepartments });

/** Departments that hold at least one agent, for filters (docs/product.md#screens). */
export const useDepartmentsWithAgents = () =>
  useQuery({ ...getDepartmentsQueryOptions(), select: (list) => list.filter((d) => d.agentCount > 0) });

/**
 * What a department filter's chip calls department `id` (lists read it from their address): its name,
 * 'Unknown department' for an id no department has, its number while the list loads.
 */
export function useDepartmentName(id: number | undefined): string {
  const { data } = useQuery(getDepartmentsQueryOptions());
  if (!id) return '';
  if (!data) return `Department ${id}`;
  return data.find((d) => d.id === id)?.name ?? 'Unknown department';
}

export { departmentKeys };
