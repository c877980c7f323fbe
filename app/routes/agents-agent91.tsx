import { CalendarCheck, Coins, RefreshCw } from 'lucide-react';
import { Link } from 'wouter';
import { LANDING_GC_MS, LANDING_STALE_MS, SKELETONS } from '#common/constants.ts';
import { flattenAgentPages, useInfiniteAgents } from '#app/features/agents/api/get-infinite-agents.ts';
import { AgentCardGrid } from '#app/features/agents/components/agent-card-grid.tsx';
import { AgentGridSkeleton } from '#app/features/agents/components/agent-list.tsx';
import { SortSelect, urlSort, VOTE_SORTS } from '#app/features/agents/components/sort-select.tsx';
import { useUrlParams } from '#app/features/agents/hooks/use-url-params.ts';
import { useSession } from '#app/features/auth/api/get-session.ts';
import { PricedAgentCard } from '#app/features/landing/components/priced-agent-card.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { errorMessage } from '#app/lib/api-client.ts';

/** /agents-agent91: the SMB pitch's agent catalogue; it belongs to the landing funnel, so it caches like one. */
export default function AgentsAgent91Page() {
  useDocumentTitle('Meet Your First 22+ AI Agents');
  const { user } = useSession();
  const [params, update] = useUrlParams();
  const sorting = urlSort(params, update, VOTE_SORTS);
  const { sort } = sorting;
  const query = useInfiniteAgents({ sort }, { staleTime: LANDING_STALE_MS, gcTime: LANDING_GC_MS, keepPrevious: true });
  const { agents } = flattenAgentPages(query.data);

  return (
    <div className="bg-[#f6f3ea] text-emerald-950">
      <header className="mx-auto max-w-7xl px-4 pb-8 pt-14">
        <p className="text-sm font-bold uppercase tracking-[0.2em] text-emerald-700">Your AI workforce</p>
        <h1 className="mt-3 text-4xl font-black tracking-tight sm:text-5xl">Meet Your First 22+ AI Agents</h1>
        <p className="mt-4 max-w-2xl text-lg text-emerald-900/80">
          Specialists for lead discovery, content, sales intelligence and analysis. Each one is priced by the work it
          does.
        </p>
      </header>

      <section aria-label="Starter offer" className="mx-auto max-w-7xl px-4">
        <div className="flex flex-col gap-5 rounded-3xl bg-emerald-950 p-6 text-emerald-50 sm:p-8 md:flex-row md:items-center md:justify-between">
          <div className="flex items-start gap-4">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-lime-300 text-emerald-950">
              <Coins aria-hidden className="size-6" />
            </span>
            <div>
              <h2 className="text-2xl font-black text-white">Start with $10 Credits</h2>
              <p className="mt-1 text-emerald-100/80">
                Free when you sign up. Enough to try several agents on real work before you spend a cent.
              </p>
            </div>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link
              href={user ? '/credits' : '/auth'}
              className="inline-flex min-h-12 items-center justify-center rounded-full bg-lime-300 px-6 font-bold text-emerald-950 hover:bg-lime-200"
            >
              {user ? 'Add credits' : 'Claim your credits'}
            </Link>
            {/* No booking system exists: a demo request goes to the operators through the proposal form. */}
            <Link
              href="/propose-agent"
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full border-2 border-lime-300 px-6 font-bold text-lime-300 hover:bg-lime-300 hover:text-emerald-950"
            >
              <CalendarCheck aria-hidden className="size-5" /> Book Free Demo
            </Link>
          </div>
        </div>
      </section>

      <section
        aria-labelledby="catalogue-heading"
        aria-busy={query.isFetching}
        className="mx-auto max-w-7xl px-4 py-12"
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="catalogue-heading" className="text-2xl font-black">
            All agents
          </h2>
          <SortSelect
            id="agent91-sort"
            {...sorting.select}
            className="sm:w-56"
            selectClassName="border-emerald-900/20 bg-white text-emerald-950"
            labelClassName="text-emerald-800"
          />
        </div>
        <div className="mt-6">
          <AgentCardGrid
            query={query}
            agents={agents}
            label="Agents"
            loading={<AgentGridSkeleton count={SKELETONS.landing} grid="large" itemClassName="h-96 rounded-3xl" />}
            error={
              <div role="alert" className="rounded-3xl bg-white p-8 text-center">
                <p className="font-semibold">
                  Agents could not be loaded: {errorMessage(query.error, 'please try again')}.
                </p>
                <button
                  type="button"
                  onClick={() => void query.refetch()}
                  className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-emerald-950 px-5 font-bold"
                >
                  <RefreshCw aria-hidden className="size-4" /> Try again
                </button>
              </div>
            }
            empty={<p className="rounded-3xl bg-white p-8 text-center text-slate-600">No agents found</p>}
            loadMoreClassName="inline-flex min-h-12 items-center justify-center gap-2 rounded-full border-2 border-emerald-950 px-6 font-bold hover:bg-emerald-950 hover:text-lime-300"
            card={(agent, eager) => <PricedAgentCard agent={agent} eager={eager} showDetails />}
          />
        </div>
      </section>
    </div>
  );
}
