import { Loader2, SearchX } from 'lucide-react';
import { useCallback } from 'react';
import { flattenAgentPages } from '../features/agents/api/get-infinite-agents';
import { useSearchAgents } from '../features/agents/api/search-agents';
import { AgentList } from '../features/agents/components/agent-list';
import { AgentSearchBox } from '../features/agents/components/agent-search-box';
import { ListState } from '../features/agents/components/list-state';
import { LoadMoreButton } from '../features/agents/components/load-more-button';
import { useUrlParams } from '../features/agents/hooks/use-url-params';
import { useDocumentTitle } from '../hooks/use-document-title';
import { plural } from '../lib/format';

/** Search results (/search?q=): full text on the server, fresh for 10 s (SPEC section 7). */
export default function SearchPage() {
  const [params, update] = useUrlParams();
  const raw = params.get('q') ?? params.get('search') ?? '';
  const q = raw.trim();
  useDocumentTitle(q ? `Search: ${q}` : 'Search');
  const query = useSearchAgents(q);
  const { agents, total } = flattenAgentPages(query.data);
  // The raw text goes to the URL so a trailing space survives while the user is still typing.
  const commit = useCallback((value: string) => update({ q: value, search: undefined }), [update]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="max-w-2xl">
        <AgentSearchBox id="search-refine" value={raw} onCommit={commit} label="Refine your search" placeholder="Search agents" />
      </div>

      <section aria-labelledby="search-heading" aria-busy={query.isFetching} className="mt-8">
        <h1 id="search-heading" className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {q ? `Search Results for "${q}"` : 'Search agents'}
        </h1>

        {!q ? (
          <p className="mt-4 text-slate-600">Type what you need done, for example “invoice reconciliation” or “lead generation”.</p>
        ) : (
          <ListState
            query={query}
            isEmpty={agents.length === 0}
            offline="search results"
            loading={
              <p role="status" className="mt-8 flex items-center gap-3 text-slate-600">
                <Loader2 aria-hidden className="size-6 animate-spin text-brand-600" /> Searching…
              </p>
            }
            error={
              <p role="alert" className="mt-8 rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
                Error loading search results. Please try again.
              </p>
            }
            empty={
              <div className="mt-8 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
                <SearchX aria-hidden className="mx-auto size-10 text-slate-400" />
                <h2 className="mt-4 text-xl font-semibold text-slate-900">No results found</h2>
                <p className="mt-2 text-slate-600">Try fewer or different words, or browse every agent.</p>
              </div>
            }
          >
            <p role="status" className="mb-6 mt-2 text-slate-600">
              {plural(total, 'result')}
            </p>
            <AgentList agents={agents} label="Search results" />
            <LoadMoreButton hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
          </ListState>
        )}
      </section>
    </div>
  );
}
