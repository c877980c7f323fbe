import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportItemType } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { moderationKeys } from '#app/lib/query-keys.ts';

type Reported = { itemType: ReportItemType; itemId: number }[];

/**
 * GET /api/reports/mine?agentId=: what of an agent's page (the agent, its reviews) the signed-in
 * person has reported and is still open, so its Report buttons say 'Reported' after a reload too.
 * One request per page, shared by its buttons; never saved for offline use.
 */
export const useMyReports = (agentId: number | null) =>
  useQuery({
    queryKey: moderationKeys.mine(agentId ?? 0),
    queryFn: async (): Promise<Reported> =>
      unwrap(await api.reports.mine.$get({ query: { agentId: String(agentId) } })),
    enabled: agentId !== null && agentId > 0,
    staleTime: 60_000,
    meta: { persist: false },
  });

/** Marks an item reported on its page at once (sent, or refused as reported already). */
export function useMarkReported() {
  const queryClient = useQueryClient();
  return (agentId: number | null, itemType: ReportItemType, itemId: number) => {
    if (agentId === null) return;
    queryClient.setQueryData<Reported>(moderationKeys.mine(agentId), (list = []) =>
      list.some((r) => r.itemType === itemType && r.itemId === itemId) ? list : [...list, { itemType, itemId }],
    );
  };
}
