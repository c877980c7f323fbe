import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { SUGGEST_MIN_CHARS, type Suggestion } from '#common/search.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { agentKeys } from './keys';
import { deviceSuggestions, orFromDevice } from './search-device';

/** Suggestions as you type (GET /api/agents/suggest): agent names, then categories and departments. */
export const suggestAgents = async (q: string, signal?: AbortSignal): Promise<Suggestion[]> =>
  unwrap(await api.agents.suggest.$get({ query: { q } }, { init: { signal } }));

export const suggestQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...agentKeys.all, 'suggest', q],
    // With no signal, or a server that cannot be reached: from what this device holds.
    queryFn: ({ signal }) =>
      orFromDevice(
        () => suggestAgents(q, signal),
        () => deviceSuggestions(q),
      ),
    networkMode: 'always',
    // Suggestions are not kept for offline use: offline, the device's own search answers.
    meta: { persist: false },
    enabled: q.trim().length >= SUGGEST_MIN_CHARS,
    staleTime: 60_000,
    gcTime: 60_000,
  });

/** The previous suggestions stay while the next ones load, so the list does not flicker. */
export const useSuggestions = (q: string) =>
  useQuery({ ...suggestQueryOptions(q.trim()), placeholderData: keepPreviousData });
