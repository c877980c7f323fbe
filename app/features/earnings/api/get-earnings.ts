import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EarningsBalance } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { myAgentsKeys } from '#app/lib/query-keys.ts';

/** The signed-in creator's earnings (GET /api/earnings), in cents. */
export const getEarnings = async (): Promise<EarningsBalance> => unwrap(await api.earnings.$get());

export const getEarningsQueryOptions = () =>
  queryOptions({ queryKey: myAgentsKeys.earnings(), queryFn: getEarnings, staleTime: 0 });

export const useEarnings = () => useQuery(getEarningsQueryOptions());
