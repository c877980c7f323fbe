import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Proposal } from '../../../../common/types';
import { api, unwrap } from '../../../lib/api-client';
import { proposalKeys } from './keys';

export async function markProposalReviewed(id: number): Promise<Proposal> {
  const res = await api.proposals[':id'].$patch({ param: { id: String(id) }, json: { status: 'reviewed' } });
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
