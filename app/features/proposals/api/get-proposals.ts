import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Proposal } from '#common/types.ts';
import { api, unwrapPage } from '#app/lib/api-client.ts';
import { proposalKeys, type ProposalInboxParams } from './keys';

/** One page of the operators' inbox (staff and admins), newest first, with the filter's total. */
export async function getProposals(params: ProposalInboxParams): Promise<{ items: Proposal[]; total: number }> {
  const query: Record<string, string> = { limit: String(params.limit), offset: String(params.offset) };
  if (params.status) query.status = params.status;
  return unwrapPage(await api.proposals.$get({ query }));
}

export const getProposalsQueryOptions = (params: ProposalInboxParams) =>
  // New proposals arrive from others at any time: show the latest whenever the inbox is opened.
  queryOptions({ queryKey: proposalKeys.inbox(params), queryFn: () => getProposals(params), staleTime: 0 });

/** The previous page stays on screen (dimmed) while the next one loads. */
export const useProposals = (params: ProposalInboxParams, enabled = true) =>
  useQuery({ ...getProposalsQueryOptions(params), enabled, placeholderData: keepPreviousData });
