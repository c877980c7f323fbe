import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';

export const configKeys = { config: ['config'] as const };

export const getConfig = async (): Promise<PublicConfig> => unwrap(await api.config.$get());

export const getConfigQueryOptions = () => queryOptions({ queryKey: configKeys.config, queryFn: getConfig });

/** Public server settings: staff email domain, whether Google sign-in and real payments are on. */
export const useConfig = () => useQuery(getConfigQueryOptions());
