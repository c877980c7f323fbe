import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorPage, CreatorSort } from '#common/creators.ts';
import { unwrap } from '#app/lib/api-client.ts';
import { creatorKeys } from '#app/lib/query-keys.ts';

/** GET /api/creators/{username}; null when nobody has that name (the page shows Not Found). */
export async function getCreatorPage(username: string, sort: CreatorSort): Promise<CreatorPage | null> {
  // `sort` is read by hand on the server, so the typed client does not carry it: its URL, then fetch.
  const path = `/api/creators/${encodeURIComponent(username)}${sort === 'popular' ? '' : `?sort=${sort}`}`;
  const res = await fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (res.status === 404) return null;
  return unwrap<CreatorPage>(res);
}

export const creatorPageQueryOptions = (username: string, sort: CreatorSort) =>
  queryOptions({ queryKey: creatorKeys.page(username, sort), queryFn: () => getCreatorPage(username, sort), enabled: username !== '' });

/** A creator page; another sort keeps the cards in view until the new order arrives. */
export const useCreatorPage = (username: string, sort: CreatorSort) => useQuery({ ...creatorPageQueryOptions(username, sort), placeholderData: keepPreviousData });
