// GET /api/openapi.json: the API's own description, which the /api page renders (docs/decisions/0033).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#app/lib/api-client.ts';
import type { OpenApiDocument } from '#app/features/content/lib/openapi-view.ts';

// Here rather than in lib/query-keys.ts, which every page loads: only the /api page's chunk needs it.
export const openApiKey = ['openapi-document'] as const;

export const getOpenApiDocumentQueryOptions = () =>
  queryOptions({
    queryKey: openApiKey,
    // The route's schema is the document's outline; OpenAPI 3.1 itself describes the rest, which the page reads as OpenApiDocument.
    queryFn: async () => (await unwrap(await api['openapi.json'].$get())) as OpenApiDocument,
    // The worker caches it for 5 minutes; it changes only with a deploy.
    staleTime: 5 * 60_000,
    // Large and public: not worth a place in the offline cache.
    meta: { persist: false },
  });

export const useOpenApiDocument = () => useQuery(getOpenApiDocumentQueryOptions());
