import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorPage, CreatorSort } from '#common/creators.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { creatorKeys } from '#app/lib/query-keys.ts';

/** GET /api/creators/{username}; null when nobody has that name (the page shows Not Found). */
export async function getCreatorPage(username: string, sort: CreatorSort): Promise<CreatorPage | null> {
  // The typed client puts the name in the path as it is: encoded here, as a path segment must be.
  const res = await api.creators[':username'].$get({
    param: { username: encodeURIComponent(username) },
    query: sort === 'popular' ? {} : { sort },
  });
  if (res.status === 404) return null;
  return unwrap(res);
}

export const creatorPageQueryOptions = (username: string, sort: CreatorSort) =>
  queryOptions({
    queryKey: creatorKeys.page(username, sort),
    queryFn: () => getCreatorPage(username, sort),
    enabled: username !== '',
  });

/** A creator page; another sort keeps the cards in view until the new order arrives. */
export const useCreatorPage = (username: string, sort: CreatorSort) =>
  useQuery({ ...creatorPageQueryOptions(username, sort), placeholderData: keepPreviousData });
