import { Link } from 'wouter';
import type { Agent } from '#common/types.ts';
import { Facts, type FactsLook } from '#app/components/ui/facts.tsx';
import { ratingOrNew } from '#app/lib/format.ts';
import { ExternalAgentLink } from './external-agent-link';
import { LandingAgentList, type LandingFeed } from './landing-agent-list';
import { ViewDetailsLink } from './view-details-link';
import { HeroSearchForm } from '#app/components/ui/hero-search-form.tsx';

const STATS = [
  ['operators', '4,200+'],
  ['countries', '38'],
  ['tasks run', '1.2M'],
] as const;

const mono = 'font-mono';

const STATS_LOOK: FactsLook = {
  list: `grid grid-cols-3 gap-3 ${mono}`,
  row: 'flex flex-col-reverse border border-green-500/25 p-3 text-center sm:p-4',
  term: 'mt-1 text-xs text-zinc-400',
  detail: 'text-xl font-bold text-green-400 sm:text-3xl',
};

function TerminalSearch() {
  return (
    <HeroSearchForm
      id="underground-search"
      label={
        <>
          <span aria-hidden>
            <span className="hidden sm:inline">guest@underground:~</span>$ find
          </span>
          <span className="sr-only">Search agents</span>
        </>
      }
      placeholder="--task 'cold outreach'"
      button="run"
      header={
        <div aria-hidden className="flex items-center gap-2 border-b border-green-500/20 bg-zinc-900 px-3 py-2">
          <span className="size-3 rounded-full bg-red-500/80" />
          <span className="size-3 rounded-full bg-amber-400/80" />
          <span className="size-3 rounded-full bg-green-500/80" />
          <span className={`ml-2 text-xs text-zinc-400 ${mono}`}>~/agents — zsh</span>
        </div>
      }
      look={{
        form: 'mt-10 max-w-2xl overflow-hidden rounded-lg border border-green-500/40 bg-black shadow-[0_0_40px_-10px_rgba(34,197,94,0.5)]',
        row: `flex flex-wrap items-center gap-2 px-4 py-4 text-sm sm:text-base ${mono}`,
        label: 'shrink-0 text-green-400',
        field: 'flex min-w-0 flex-1',
        icon: null,
        input:
          'min-w-0 flex-1 border-0 bg-transparent text-green-200 caret-green-400 placeholder:text-green-600 focus:outline-none',
        button: 'rounded border border-green-500/60 px-3 py-1 text-green-300 hover:bg-green-500 hover:text-black',
      }}
    />
  );
}

function TerminalCard({ agent, index }: { agent: Agent; index: number }) {
  return (
    <article
      className={`relative flex h-full w-full flex-col border border-green-500/25 bg-zinc-950 p-5 transition hover:border-green-400 hover:shadow-[0_0_30px_-12px_rgba(74,222,128,0.7)] ${mono}`}
    >
      <p className="text-xs text-zinc-400">
        [{String(index + 1).padStart(2, '0')}]{' '}
        {(agent.businessDepartment ?? 'general').toLowerCase().replace(/\s+/g, '_')}
      </p>
      <h3 className="mt-2 text-lg font-bold text-green-300">&gt; {agent.name}</h3>
      <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-zinc-300">{agent.description}</p>
      <p className="mt-4 text-xs text-zinc-400">
        rating=<span className="text-green-300">{ratingOrNew(agent)}</span> votes=
        <span className="text-green-300">{agent.voteCount}</span> cost=
        <span className="text-green-300">{agent.creditCost}cr</span>
      </p>
      <div className="mt-auto flex flex-wrap gap-3 pt-5 text-sm">
        <ExternalAgentLink
          agent={agent}
          className="relative z-[2] border border-green-500 bg-green-500 px-3 py-1.5 font-bold text-black hover:bg-green-400"
        >
          ./run {agent.slug ?? 'agent'}
        </ExternalAgentLink>
        <ViewDetailsLink
          agent={agent}
          className="border border-green-500/50 px-3 py-1.5 text-green-300 hover:border-green-300"
        />
      </div>
    </article>
  );
}

/** /alternative: the dark "underground" variant. */
export function UndergroundLanding(feed: LandingFeed) {
  return (
    <div className="relative overflow-hidden bg-black text-zinc-100">
      {/* CRT scanlines: decoration only. */}
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[repeating-linear-gradient(0deg,rgba(255,255,255,0.03)_0px,rgba(255,255,255,0.03)_1px,transparent_1px,transparent_3px)]"
      />
      <section className="relative mx-auto max-w-7xl px-4 py-16 sm:py-24">
        <p className={`text-sm text-green-400 ${mono}`}>// no waitlists. no sales calls. just agents.</p>
        <h1 className="mt-4 max-w-4xl text-4xl font-black uppercase leading-none tracking-tight sm:text-6xl">
          The agent <span className="text-green-400">underground</span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-zinc-300">
          Where builders trade the AI agents that actually ship work. Search the stack, run anything in one click, pay
          per task in credits.
        </p>
        <TerminalSearch />
      </section>

      <section aria-labelledby="underground-agents" className="relative mx-auto max-w-7xl px-4 pb-16">
        <div className="flex flex-wrap items-end justify-between gap-3 border-b border-green-500/20 pb-4">
          <h2 id="underground-agents" className={`text-xl font-bold text-green-400 ${mono}`}>
            $ ls ./agents --top 9
          </h2>
          <Link
            href="/agents"
            className={`text-sm text-green-300 underline underline-offset-4 hover:text-green-200 ${mono}`}
          >
            ls --all
          </Link>
        </div>
        <LandingAgentList
          {...feed}
          label="Agents"
          grid="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          placeholder={<div aria-hidden className="h-64 animate-pulse border border-green-500/20 bg-zinc-900" />}
          unavailable={
            <p className={`mt-8 text-green-300 ${mono}`}>
              error: connection to the agent index lost. try{' '}
              <Link href="/agents" className="underline">
                /agents
              </Link>
            </p>
          }
          card={(agent, i) => <TerminalCard agent={agent} index={i} />}
        />
      </section>

      <section aria-labelledby="join-heading" className="relative border-t border-green-500/20 bg-zinc-950">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 id="join-heading" className="text-3xl font-black uppercase tracking-tight sm:text-4xl">
              Join the underground
            </h2>
            <p className="mt-4 max-w-xl text-zinc-300">
              Get 100 free credits, run any agent, and list your own for builders everywhere to find. No gatekeepers.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link
                href="/auth"
                className={`inline-flex min-h-12 items-center justify-center bg-green-500 px-6 font-bold text-black hover:bg-green-400 ${mono}`}
              >
                Get Started Free
              </Link>
              <Link
                href="/submit-agent"
                className={`inline-flex min-h-12 items-center justify-center border border-green-500 px-6 text-green-300 hover:bg-green-500/10 ${mono}`}
              >
                Drop your agent
              </Link>
            </div>
          </div>
          <Facts rows={STATS} look={STATS_LOOK} />
        </div>
      </section>
    </div>
  );
}
