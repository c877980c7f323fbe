import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EarningsBalance } from '../../../../common/types';
import { api, unwrap } from '../../../lib/api-client';
import { myAgentsKeys } from '../../../lib/query-keys';

/** The signed-in creator's earnings (GET /api/earnings), in cents. */
export const getEarnings = async (): Promise<EarningsBalance> => unwrap<EarningsBalance>(await api.earnings.$get());

export const getEarningsQueryOptions = () => queryOptions({ queryKey: myAgentsKeys.earnings(), queryFn: getEarnings, staleTime: 0 });

export const useEarnings = () => useQuery(getEarningsQueryOptions());
