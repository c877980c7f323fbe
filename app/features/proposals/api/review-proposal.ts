import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Proposal } from '../../../../common/types';
import { unwrap } from '../../../lib/api-client';
import { proposalKeys } from './keys';

export async function markProposalReviewed(id: number): Promise<Proposal> {
  const res = await fetch(`/api/proposals/${id}`, {
    method: 'PATCH',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ status: 'reviewed' }),
  });
  return unwrap<Proposal>(res);
}

export function useMarkProposalReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...proposalKeys.all, 'review'],
    mutationFn: markProposalReviewed,
    onSuccess: (updated, id) => {
      queryClient.setQueryData<Proposal[]>(proposalKeys.inbox(), (list) =>
        list?.map((p) => (p.id === id ? { ...p, ...updated, status: 'reviewed' } : p)),
      );
    },
  });
}
