import { dehydrate, QueryClientProvider, type InfiniteData, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import { Router } from 'wouter';
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts';
import type { Account, CatalogListParams, CatalogSource, RenderPage } from '#common/ssr.ts';
import type { Rating, ReviewSort } from '#common/types.ts';
import { AppLayout } from './app-layout';
import type { AgentPage } from './features/agents/api/get-infinite-agents';
import type { SearchOptions } from './features/agents/api/search-agents';
import { createQueryClient } from './lib/query-client';
import { SessionInPage } from './features/auth/api/get-session';
import {
  agentKeys,
  categoryKeys,
  creatorKeys,
  creditKeys,
  departmentKeys,
  followKeys,
  moderationKeys,
  myAgentsKeys,
  ratingKeys,
  savedKeys,
  sessionKeys,
} from './lib/query-keys';
import { MORE_FROM_CREATOR, type CreatorSort } from '#common/creators.ts';
import { savedAgentIdsToDraw } from '#common/saved-agents.ts';
import { isKnownPage, lazyPageFile } from './routes';
import { pageHead } from './ssr/page-head';

/**
 * The app rendered by the worker (docs/decisions/0012). A first pass renders
 * the page to learn which queries it asks for (their keys are the same ones the browser uses); each
 * is answered from the worker's catalogue functions, then the page is rendered again with that data
 * and the query cache goes into the page, so the browser hydrates without asking again.
 */

const SAVED_PAGE = /^\/saved\/?$/i;

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((part, i) => key[i] === part);

const firstPage = <P extends { items: AgentPage['items'] | Rating[]; total: number }>(
  page: P,
): InfiniteData<P & { offset: number }, number> => ({
  pages: [{ ...page, offset: 0 }],
  pageParams: [0],
});

/**
 * The data for one query the page asked for, from its key; undefined when the server does not render
 * it (private data, except the person's own on a page rendered for them).
 */
async function answer(query: Query, source: CatalogSource, account: Account | undefined): Promise<unknown> {
  const key = query.queryKey;
  if (account && startsWith(key, creditKeys.transactions())) return account.transactions();
  if (account && startsWith(key, followKeys.agents())) return account.newFromFollowed();
  // Their Save buttons pressed in the HTML (docs/decisions/0044): the agents their list holds.
  if (account && startsWith(key, savedKeys.account)) return account.savedAgentIds();
  // My Agents for its creator, read without the app (docs/decisions/0043).
  if (account && startsWith(key, myAgentsKeys.console())) return account.myAgentsConsole();
  // Their Report buttons say 'Reported' in the HTML: an agent page they only read never starts the app.
  if (account && startsWith(key, [...moderationKeys.all, 'mine'])) return account.myReports(Number(key[2]));
  if (startsWith(key, [...agentKeys.lists(), 'pages'])) {
    const params = (key[3] ?? {}) as CatalogListParams;
    return firstPage(await source.listAgents({ ...params, limit: params.limit ?? PAGE_SIZE_DEFAULT, offset: 0 }));
  }
  if (startsWith(key, agentKeys.lists())) return source.listAgents((key[2] ?? {}) as CatalogListParams);
  if (startsWith(key, [...agentKeys.all, 'search'])) {
    // Key and page shape as app/features/agents/api/search-agents.ts: [..., q, options].
    const q = String(key[2] ?? '').trim();
    const options = (key[3] ?? {}) as SearchOptions;
    return q ? firstPage(await source.searchAgents(q, options, PAGE_SIZE_DEFAULT, 0)) : undefined;
  }
  if (startsWith(key, agentKeys.details())) return (await source.getAgent(Number(key[2]))) ?? undefined;
  // 'What's new' on the agent page (docs/decisions/0043); asked only for an agent the page shows.
  if (startsWith(key, [...agentKeys.all, 'changes'])) return source.agentChanges(Number(key[2]));
  // Key and page shape as app/features/ratings/api/get-agent-ratings.ts; the summary holds the viewer's own review, so the browser asks.
  if (startsWith(key, ratingKeys.all) && key[1] === 'agent' && key[3] === 'pages')
    return firstPage(await source.agentRatings(Number(key[2]), key[4] as ReviewSort));
  if (startsWith(key, categoryKeys.list())) return source.categories();
  if (startsWith(key, departmentKeys.list())) return source.departments();
  if (startsWith(key, [...creatorKeys.all, 'page'])) return source.creator(String(key[2]), key[3] as CreatorSort); // null: no such person (404)
  if (startsWith(key, [...agentKeys.all, 'creator']))
    return source.creatorAgents(Number(key[2]), Number(key[3]) || MORE_FROM_CREATOR + 1);
  return undefined;
}

const wanted = (query: Query) =>
  query.state.data === undefined && (query.options as { enabled?: unknown }).enabled !== false;

async function fill(
  client: QueryClient,
  queries: Query[],
  source: CatalogSource,
  account: Account | undefined,
): Promise<void> {
  await Promise.all(
    queries.map(async (query) => {
      const data = await answer(query, source, account).catch(() => undefined);
      if (data !== undefined) client.setQueryData(query.queryKey, data);
    }),
  );
}

function Page({ url, client, forPerson }: { url: URL; client: QueryClient; forPerson: boolean }) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <Router ssrPath={url.pathname} ssrSearch={url.search.replace(/^\?/, '')}>
          <SessionInPage value={forPerson}>
            <AppLayout />
          </SessionInPage>
        </Router>
      </QueryClientProvider>
    </StrictMode>
  );
}

async function drain(stream: ReadableStream<Uint8Array>): Promise<void> {
  const reader = stream.getReader();
  while (!(await reader.read()).done);
}

export const renderPage: RenderPage = async (url, source, account, device) => {
  const client = createQueryClient();
  // Rendered for the signed-in person who asks (docs/decisions/0019, 0031).
  const forPerson = account !== undefined;
  if (account) client.setQueryData(sessionKeys.session, account.user);
  // The agents the device's cookie names, as they are now (docs/decisions/0036), and signed in the
  // account's too, which a new device has not merged yet. Only the server answers this query: the
  // browser hydrates it and never fetches it. Unanswered (D1 failing), the page is the skeleton,
  // which starts the app at once to read the device's own copies.
  if (SAVED_PAGE.test(url.pathname)) {
    const deviceIds = device?.savedAgentIds ?? [];
    await (
      account
        ? account.savedAgentIds().then((accountIds) => savedAgentIdsToDraw(deviceIds, accountIds))
        : Promise.resolve(deviceIds)
    )
      .then((ids) => source.agentsByIds(ids))
      .then(
        (agents) => client.setQueryData(savedKeys.served, agents),
        () => undefined,
      );
  }
  // Render to learn which data the page asks for (lazy pages load here too, so the last pass never
  // suspends); answer it; again if answers uncovered more questions (at most twice).
  const asked = new Set<string>();
  // For a person, once more: their Save buttons ask for their list once a lazy page's cards render
  // (savedKeys.account, docs/decisions/0044).
  for (let round = 0; round < (account ? 3 : 2); round += 1) {
    const probe = await renderToReadableStream(<Page url={url} client={client} forPerson={forPerson} />, {
      onError: () => undefined,
    });
    await probe.allReady;
    await drain(probe);
    const fresh = client
      .getQueryCache()
      .getAll()
      .filter((q) => wanted(q) && !asked.has(q.queryHash));
    if (fresh.length === 0) break;
    for (const q of fresh) asked.add(q.queryHash);
    await fill(client, fresh, source, account);
  }

  // An agent page answers 404 for an id that is not a number or names no agent.
  const agentPath = /^\/agents?\/([^/]+)\/?$/i.exec(url.pathname);
  const agentId = agentPath && /^\d+$/.test(agentPath[1]!) ? Number(agentPath[1]) : null;
  const missingAgent =
    agentPath !== null && (agentId === null || client.getQueryData(agentKeys.detail(agentId)) === undefined);
  // A creator page answers 404 for a name nobody has (docs/decisions/0028).
  const creatorPath = /^\/creators\/([^/]+)\/?$/i.exec(url.pathname);
  const missingCreator =
    creatorPath !== null &&
    client
      .getQueryCache()
      .findAll({ queryKey: [...creatorKeys.all, 'page'] })
      .every((q) => !q.state.data);
  const notFound = !isKnownPage(url.pathname) || missingAgent || missingCreator;

  const body = await renderToReadableStream(<Page url={url} client={client} forPerson={forPerson} />, {
    onError: (error) => console.error('server render failed', url.pathname, error),
    // Everything is ready by now; boundaries are written in place however large (React would move a
    // large one to the end of the stream and put it back with an inline script, which the
    // Content-Security-Policy refuses, and which costs the phone a second layout).
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
  });
  await body.allReady;
  return {
    status: notFound ? 404 : 200,
    head: pageHead(url, client, notFound),
    state: JSON.stringify(dehydrate(client)),
    body,
    pageFile: lazyPageFile(url.pathname),
  };
};

export { isKnownPage, lazyPageFile };
