import { departmentKeys } from '#app/lib/query-keys.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Department } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';


export const getDepartments = async (): Promise<Department[]> => unwrap<Department[]>(await api.departments.$get());

export const getDepartmentsQueryOptions = () => queryOptions({ queryKey: departmentKeys.list(), queryFn: getDepartments });

/** Departments that hold at least one agent, for filters (docs/product.md#screens). */
export const useDepartmentsWithAgents = () =>
  useQuery({ ...getDepartmentsQueryOptions(), select: (list) => list.filter((d) => d.agentCount > 0) });

export { departmentKeys };
