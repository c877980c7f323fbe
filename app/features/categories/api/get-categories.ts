import { categoryKeys } from '../../../lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '../../../../common/types';
import { api, unwrap } from '../../../lib/api-client';


export const getCategories = async (): Promise<Category[]> => unwrap<Category[]>(await api.categories.$get());

export const getCategoriesQueryOptions = () => queryOptions({ queryKey: categoryKeys.list(), queryFn: getCategories });

export const useCategories = () => useQuery(getCategoriesQueryOptions());

export { categoryKeys };
