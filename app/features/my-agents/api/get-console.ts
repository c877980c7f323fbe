import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyAgentsConsole } from '#common/api-schemas.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { myAgentsKeys } from './keys';

/** The creator's console (GET /api/my-agents): their agents, hidden ones too, each with 30 days' figures, and totals. */
export const getMyAgentsConsole = async (): Promise<MyAgentsConsole> => unwrap(await api['my-agents'].$get());

export const getMyAgentsConsoleQueryOptions = () =>
  queryOptions({
    queryKey: myAgentsKeys.console(),
    queryFn: getMyAgentsConsole,
    // docs/product.md#screens: My Agents is refetched when the window regains focus (and when reopened).
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

/** Waits (pending) until someone is signed in. */
export const useMyAgentsConsole = (signedIn: boolean) =>
  useQuery({ ...getMyAgentsConsoleQueryOptions(), enabled: signedIn });
