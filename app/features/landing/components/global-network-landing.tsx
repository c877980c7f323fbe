import { ArrowRight, ArrowUpRight, Globe2, Network, SlidersHorizontal, Star } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Agent } from '#common/types.ts';
import { Facts, type FactsLook } from '#app/components/ui/facts.tsx';
import { ratingOrNew } from '#app/lib/format.ts';
import { ExternalAgentLink } from './external-agent-link';
import { LandingAgentList, type LandingFeed } from './landing-agent-list';
import { LandingImage } from './landing-image';
import { ViewDetailsLink } from './view-details-link';
import { HeroSearchForm } from '#app/components/ui/hero-search-form.tsx';

const NETWORK_STATS = [
  ['countries', '120+'],
  ['teams connected', '40k'],
  ['agent runs a month', '2.3M'],
] as const;

const STATS_LOOK: FactsLook = {
  list: 'mt-12 grid max-w-3xl grid-cols-3 gap-4',
  row: 'flex flex-col-reverse',
  term: 'text-xs text-indigo-100/80 sm:text-sm',
  detail: 'text-2xl font-bold text-cyan-200 sm:text-4xl',
};

export interface NetworkCategory {
  name: string;
  count: number;
  icon: ReactNode;
}

function NetworkSearch({
  filtersOpen,
  onToggleFilters,
  activeFilters,
}: {
  filtersOpen: boolean;
  onToggleFilters: () => void;
  activeFilters: number;
}) {
  return (
    <div className="mt-10 flex max-w-3xl flex-col gap-3 sm:flex-row">
      <HeroSearchForm
        id="network-search"
        label="Search the agent network"
        placeholder="Search agents worldwide"
        look={{
          form: 'flex flex-1 gap-2 rounded-2xl bg-white/10 p-2 ring-1 ring-white/20 backdrop-blur',
          field: 'relative min-w-0 flex-1',
          icon: 'text-cyan-200',
          input: 'h-12 w-full rounded-xl border-0 bg-transparent pl-10 pr-2 text-white placeholder:text-cyan-100/70',
          button: 'h-12 shrink-0 rounded-xl bg-cyan-300 px-5 font-semibold text-slate-950 hover:bg-cyan-200',
        }}
      />
      <button
        type="button"
        aria-expanded={filtersOpen}
        aria-controls="network-filters"
        onClick={onToggleFilters}
        className="inline-flex h-16 items-center justify-center gap-2 rounded-2xl px-5 font-semibold text-white ring-1 ring-white/30 hover:bg-white/10"
      >
        <SlidersHorizontal aria-hidden className="size-5" /> Filters
        {activeFilters > 0 && (
          <span className="rounded-full bg-cyan-300 px-2 text-xs font-bold text-slate-950">{activeFilters}</span>
        )}
      </button>
    </div>
  );
}

function NetworkCard({ agent }: { agent: Agent }) {
  return (
    <article className="relative flex h-full w-full flex-col overflow-hidden rounded-2xl bg-white/[0.06] ring-1 ring-white/15 transition hover:ring-cyan-300/60">
      <div className="relative aspect-[8/5] w-full bg-gradient-to-br from-cyan-500/30 via-indigo-500/30 to-fuchsia-500/30">
        <LandingImage src={agent.imageUrl} className="absolute inset-0 h-full w-full object-cover opacity-90" />
        <span className="absolute bottom-3 left-3 inline-flex items-center gap-1 rounded-full bg-slate-950/80 px-2.5 py-1 text-xs font-medium text-cyan-100">
          <Globe2 aria-hidden className="size-3.5" /> {agent.businessDepartment ?? 'Global'}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg font-semibold text-white">{agent.name}</h3>
        <p className="mt-2 line-clamp-3 text-sm text-indigo-100/80">{agent.description}</p>
        <p className="mt-4 flex items-center gap-1.5 text-sm text-indigo-100">
          <Star aria-hidden className="size-4 fill-amber-300 text-amber-300" /> {ratingOrNew(agent)}
          <span aria-hidden>·</span> {agent.voteCount} votes <span aria-hidden>·</span> {agent.creditCost} credits
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-5">
          <ExternalAgentLink
            agent={agent}
            className="relative z-[2] inline-flex min-h-10 items-center gap-1 rounded-full bg-cyan-300 px-4 text-sm font-semibold text-slate-950 hover:bg-cyan-200"
          >
            Connect <ArrowUpRight aria-hidden className="size-4" />
          </ExternalAgentLink>
          <ViewDetailsLink
            agent={agent}
            className="inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold text-white ring-1 ring-white/30 hover:bg-white/10"
          />
        </div>
      </div>
    </article>
  );
}

/** /alternative2: the global-network variant. The filter controls come from the page (other features). */
export function GlobalNetworkLanding({
  filterPanel,
  activeFilters,
  categories,
  ...feed
}: LandingFeed & {
  filterPanel: ReactNode;
  activeFilters: number;
  categories: NetworkCategory[];
}) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  return (
    <div className="bg-slate-950 text-white">
      <section className="relative overflow-hidden">
        <div
          aria-hidden
          className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgba(34,211,238,0.25),transparent_40%),radial-gradient(circle_at_80%_0%,rgba(129,140,248,0.35),transparent_45%),radial-gradient(circle_at_60%_90%,rgba(217,70,239,0.2),transparent_40%)]"
        />
        <div
          aria-hidden
          className="absolute inset-0 bg-[radial-gradient(rgba(255,255,255,0.12)_1px,transparent_1px)] [background-size:24px_24px]"
        />
        <div className="relative mx-auto max-w-7xl px-4 py-16 sm:py-24">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-1.5 text-sm font-medium text-cyan-100 ring-1 ring-white/20">
            <Network aria-hidden className="size-4" /> The global AI agent network
          </p>
          <h1 className="mt-6 max-w-4xl text-4xl font-bold leading-tight tracking-tight sm:text-6xl">
            Every team. Every timezone.{' '}
            <span className="bg-gradient-to-r from-cyan-300 to-fuchsia-300 bg-clip-text text-transparent">
              One network of agents.
            </span>
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-indigo-100/85">
            Find agents built by creators around the world, connect them to your work in one click and pay per run in
            credits.
          </p>
          <NetworkSearch
            filtersOpen={filtersOpen}
            onToggleFilters={() => setFiltersOpen((o) => !o)}
            activeFilters={activeFilters}
          />
          {filtersOpen && (
            <section
              id="network-filters"
              aria-label="Filters"
              className="mt-4 max-w-3xl rounded-2xl bg-slate-900/90 p-4 ring-1 ring-white/15"
            >
              {filterPanel}
            </section>
          )}
          <Facts rows={NETWORK_STATS} look={STATS_LOOK} />
        </div>
      </section>

      <section aria-labelledby="network-agents-heading" className="mx-auto max-w-7xl px-4 py-16">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="network-agents-heading" className="text-3xl font-bold">
            Trending across the network
          </h2>
          <Link href="/agents" className="inline-flex items-center gap-1 font-semibold text-cyan-200 hover:underline">
            Explore all agents <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
        <LandingAgentList
          {...feed}
          label="Network agents"
          placeholder={<div aria-hidden className="h-96 animate-pulse rounded-2xl bg-white/10" />}
          unavailable={
            <p className="mt-8 rounded-2xl bg-white/5 p-8 text-center text-indigo-100">
              The network is unreachable right now. Please try again shortly.
            </p>
          }
          empty={<p className="mt-8 rounded-2xl bg-white/5 p-8 text-center text-indigo-100">No agents found</p>}
          card={(agent) => <NetworkCard agent={agent} />}
        />
      </section>

      <section aria-labelledby="network-categories-heading" className="border-y border-white/10 bg-white/[0.03]">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="network-categories-heading" className="text-3xl font-bold">
            Browse the network by department
          </h2>
          <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {categories.map((c) => (
              <li key={c.name}>
                <Link
                  href={`/agents?search=${encodeURIComponent(c.name)}`}
                  className="flex h-full items-center gap-3 rounded-xl bg-white/5 p-4 ring-1 ring-white/10 transition hover:bg-white/10 hover:ring-cyan-300/50"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-cyan-400/30 to-indigo-400/30 text-cyan-100">
                    {c.icon}
                  </span>
                  <span className="min-w-0">
                    <span className="block truncate font-semibold">{c.name}</span>
                    <span className="block text-xs text-indigo-100/80">{c.count} agents</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 text-center">
        <h2 className="text-3xl font-bold sm:text-4xl">Plug your team into the network</h2>
        <p className="mx-auto mt-3 max-w-xl text-indigo-100/85">
          100 free credits to start. Publish your own agent and reach teams in every region.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            href="/auth"
            className="inline-flex min-h-12 items-center justify-center rounded-full bg-gradient-to-r from-cyan-300 to-fuchsia-300 px-6 font-bold text-slate-950"
          >
            Get Started Free
          </Link>
          <Link
            href="/submit-agent"
            className="inline-flex min-h-12 items-center justify-center rounded-full px-6 font-semibold ring-1 ring-white/30 hover:bg-white/10"
          >
            Publish an agent
          </Link>
          <Link
            href="/agents-agent91"
            className="inline-flex min-h-12 items-center justify-center rounded-full px-6 font-semibold ring-1 ring-white/30 hover:bg-white/10"
          >
            Meet the starter agents
          </Link>
        </div>
      </section>
    </div>
  );
}
