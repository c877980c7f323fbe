import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationItem } from '#common/types.ts';
import { api, unwrapPage } from '#app/lib/api-client.ts';
import { moderationKeys } from '#app/lib/query-keys.ts';

export type QueueView = 'open' | 'hidden';

/** GET /api/moderation?view=&limit=: reported items grouped, or the hidden ones (staff and admins). */
export async function getModerationQueue(
  view: QueueView,
  limit: number,
): Promise<{ items: ModerationItem[]; total: number }> {
  return unwrapPage(await api.moderation.$get({ query: { view, limit: String(limit) } }));
}

export const getModerationQueueQueryOptions = (view: QueueView, limit: number) =>
  queryOptions({
    queryKey: moderationKeys.queue(view, limit),
    queryFn: () => getModerationQueue(view, limit),
    staleTime: 0,
  });

export const useModerationQueue = (view: QueueView, limit: number) =>
  useQuery({ ...getModerationQueueQueryOptions(view, limit), placeholderData: keepPreviousData });
