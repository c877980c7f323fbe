import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '../../../../common/types';
import { api, unwrap } from '../../../lib/api-client';

export const categoryKeys = {
  all: ['categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
  detail: (id: number) => [...categoryKeys.all, 'detail', id] as const,
};

export const getCategories = async (): Promise<Category[]> => unwrap<Category[]>(await api.categories.$get());

export const getCategoriesQueryOptions = () => queryOptions({ queryKey: categoryKeys.list(), queryFn: getCategories });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
