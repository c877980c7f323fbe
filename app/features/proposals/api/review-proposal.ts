import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Proposal } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { proposalKeys } from './keys';

export async function markProposalReviewed(id: number): Promise<Proposal> {
  const res = await api.proposals[':id'].$patch({ param: { id: String(id) }, json: { status: 'reviewed' } });
  return unwrap(res);
}

export function useMarkProposalReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...proposalKeys.all, 'review'],
    mutationFn: markProposalReviewed,
    onSuccess: async (updated, id) => {
      // Shown as reviewed at once, then every page is fetched again: the New list and its total shrink.
      queryClient.setQueriesData<{ items: Proposal[]; total: number }>({ queryKey: proposalKeys.inboxes() }, (page) =>
        page
          ? { ...page, items: page.items.map((p) => (p.id === id ? { ...p, ...updated, status: 'reviewed' } : p)) }
          : page,
      );
      await queryClient.invalidateQueries({ queryKey: proposalKeys.inboxes() });
    },
  });
}
