import type { FetchStatus } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListError } from './list-error';
import { OfflineNotice } from './offline-notice';
import { usePaused } from '#app/hooks/use-paused.ts';

/** What a listing's query says about itself (useQuery and useInfiniteQuery results both fit). */
export interface ListQuery {
  isPending: boolean;
  fetchStatus: FetchStatus;
  isError: boolean;
  data: unknown;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The states every agent listing goes through, in one place: offline with nothing saved, loading,
 * failed with nothing saved, empty, and the list itself. A saved or previous copy always wins over
 * an error (it is shown with the offline banner or while the new request runs).
 */
export function ListState({
  query,
  loading,
  empty,
  isEmpty,
  offline,
  error,
  children,
}: {
  query: ListQuery;
  /** The skeleton (or spinner) while the first answer is on its way. */
  loading: ReactNode;
  /** What shows when the answer holds nothing. */
  empty: ReactNode;
  isEmpty: boolean;
  /** What has not been saved on this device ("search results"); the default says "these agents". */
  offline?: string;
  /** A page's own way of saying the list failed; the default explains and offers to try again. */
  error?: ReactNode;
  children: ReactNode;
}) {
  const paused = usePaused(query);
  if (query.isPending && paused) return <OfflineNotice what={offline} />;
  if (query.isPending) return <>{loading}</>;
  if (query.isError && !query.data)
    return <>{error ?? <ListError error={query.error} onRetry={() => void query.refetch()} />}</>;
  if (isEmpty) return <>{empty}</>;
  return <>{children}</>;
}
