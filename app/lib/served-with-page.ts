import { isServer, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';

/** Queries whose data came in this page's HTML, until the first navigation inside the app. */
const served = new Set<string>();

export function markServedWithPage(_client: QueryClient, state: DehydratedState): void {
  for (const query of state.queries) served.add(query.queryHash);
}

export const forgetServedWithPage = (): void => served.clear();

/** Whether this query's data came in the page's HTML (until the first navigation inside the app). */
export const isServedWithPage = (queryHash: string): boolean => served.has(queryHash);

/**
 * `refetchOnMount` for data fetched again whenever it is shown (docs/product.md#offline): always, except
 * the copy the server rendered this very page from a moment ago (no second request at start). The
 * server itself never fetches: it renders what it has, as the browser will hydrate it.
 */
export const refetchUnlessServed = (query: Pick<Query, 'queryHash'>): boolean | 'always' =>
  isServer || served.has(query.queryHash) ? false : 'always';
