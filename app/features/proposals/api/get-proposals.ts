import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Proposal } from '../../../../common/types';
import { api, unwrap } from '../../../lib/api-client';
import { proposalKeys } from './keys';

/** The operators' inbox (staff and admins), newest first. */
export async function getProposals(): Promise<Proposal[]> {
  const res = await api.proposals.$get();
  return unwrap<Proposal[]>(res);
}

export const getProposalsQueryOptions = () =>
  // New proposals arrive from others at any time: show the latest whenever the inbox is opened.
  queryOptions({ queryKey: proposalKeys.inbox(), queryFn: getProposals, staleTime: 0 });

export const useProposals = (enabled: boolean) => useQuery({ ...getProposalsQueryOptions(), enabled });
