import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '#app/lib/api-client.ts';

/** Where a QueryState's stand-ins sit and how they look: the loading placeholder's class, the alert's. */
export interface QueryStateLook {
  pending: string;
  alert: string;
}

/**
 * A query's answer, drawn by `children` once it came; before, a shimmering placeholder (busy), or its
 * error as an alert (the error's own message, else `failed`).
 */
export function QueryState<T>({
  query,
  failed,
  look,
  children,
}: {
  query: UseQueryResult<T>;
  failed: string;
  look: QueryStateLook;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <div aria-busy="true" className={`animate-pulse bg-slate-100 ${look.pending}`} />;
  if (query.isError)
    return (
      <p role="alert" className={look.alert}>
        {errorMessage(query.error, failed)}
      </p>
    );
  return children(query.data);
}
