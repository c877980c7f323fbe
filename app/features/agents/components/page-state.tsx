import type { ReactNode } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { ApiError, errorMessage } from '#app/lib/api-client.ts';
import { OfflineNotice } from './offline-notice';

/**
 * What a page of one record (an agent's, a creator's) shows until the record has come: paused
 * (known offline) or failed without reaching the server (no signal) says so plainly; another
 * failure says what could not be loaded and offers to try again; otherwise the page's skeleton.
 */
export function PageState({
  query,
  paused,
  what,
  failed,
  loading,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  paused: boolean;
  /** What has not been saved on this device ("this agent's details"). */
  what: string;
  /** The heading of a failure ("This agent could not be loaded"). */
  failed: string;
  loading: ReactNode;
}) {
  if ((query.isPending && paused) || (query.isError && !(query.error instanceof ApiError)))
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <OfflineNotice what={what} />
      </div>
    );
  if (!query.isError) return loading;
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{failed}</h1>
      <p className="mt-2 text-slate-600">{errorMessage(query.error, 'Please try again.')}</p>
      <Button className="mt-6" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
}
