import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationAction, ReportItemType } from '#common/types.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { agentKeys, moderationKeys, ratingKeys } from '#app/lib/query-keys.ts';

export interface ModerateInput {
  itemType: ReportItemType;
  itemId: number;
  agentId: number;
  action: ModerationAction;
}

/** POST /api/moderation/{itemType}/{itemId} {action}: Hide, Restore or Dismiss, recorded with who and when. */
export async function moderateItem(input: ModerateInput): Promise<{ hidden: boolean }> {
  return unwrap(
    await api.moderation[':itemType'][':itemId'].$post({
      param: { itemType: input.itemType, itemId: String(input.itemId) },
      json: { action: input.action },
    }),
  );
}

export function useModerateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateItem,
    networkMode: 'always',
    onSuccess: async (_, input) => {
      // The queue, and what the public sees of the agent and its reviews, changed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
        queryClient.invalidateQueries({ queryKey: ratingKeys.byAgent(input.agentId) }),
        queryClient.invalidateQueries({ queryKey: agentKeys.all }),
      ]);
    },
  });
}
