import type { QueryClient } from '@tanstack/react-query';
import { createProposal, proposalMutationKey, type CreateProposalVariables } from '../features/proposals/api/create-proposal';
import { toast } from '../hooks/use-toast';
import { ApiError } from './api-client';

/**
 * Mutation functions for mutations that may be queued offline and resumed after a reload: a
 * restored mutation has no function of its own, so it is found here by its key.
 */
export function registerMutationDefaults(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(proposalMutationKey, {
    mutationFn: (variables: CreateProposalVariables) => createProposal(variables),
    // A request that never reached the server (no signal, though the browser claims otherwise) is
    // tried again with backoff; an answer from the server is final.
    retry: (_count: number, error: unknown) => !(error instanceof ApiError),
    retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000),
    // A queued proposal is delivered later, perhaps after a restart with the form long gone: say so
    // from here, where it runs whatever page is open.
    onSuccess: (proposal: { name: string }, variables: CreateProposalVariables) => {
      if (variables.queued) toast({ title: 'Proposal delivered', description: `“${proposal.name}” reached our operators. Thank you!` });
    },
    onError: (_error: unknown, variables: CreateProposalVariables) => {
      if (variables.queued) toast({ title: 'Submission Failed', description: `“${variables.proposal.name}” could not be delivered. Please submit it again.`, variant: 'destructive' });
    },
  });
}

