import { categoryKeys } from '#app/lib/query-keys.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';

export const getCategories = async (): Promise<Category[]> => unwrap(await api.categories.$get());

export const getCategoriesQueryOptions = () => queryOptions({ queryKey: categoryKeys.list(), queryFn: getCategories });

export const useCategories = () => useQuery(getCategoriesQueryOptions());

export { categoryKeys };
