import { ArrowUpRight, BadgeCheck, FileLock2, KeyRound, Landmark, ScrollText, ShieldCheck, Star } from 'lucide-react';
import { Link } from 'wouter';
import type { Agent } from '#common/types.ts';
import { Facts, type FactsLook } from '#app/components/ui/facts.tsx';
import { IconPoints, type IconPointsLook } from '#app/components/ui/icon-points.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { ratingOrNew, plural } from '#app/lib/format.ts';
import { ExternalAgentLink } from './external-agent-link';
import { LandingAgentList, type LandingFeed } from './landing-agent-list';
import { LandingImage } from './landing-image';
import { ViewDetailsLink } from './view-details-link';
import { HeroSearchForm } from '#app/components/ui/hero-search-form.tsx';

const FEATURED_COUNT = 3;

const PROOF = [
  ['organisations', '500+'],
  ['API uptime', '99.9%'],
  ['support coverage', '24/7'],
  ['provider keys in the browser', '0'],
] as const;

const PROOF_LOOK: FactsLook = {
  list: 'mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-8 md:grid-cols-4',
  row: 'flex flex-col-reverse text-center',
  term: 'mt-1 text-sm text-slate-600',
  detail: 'font-serif text-3xl font-semibold text-slate-900',
};

const TRUST = [
  {
    icon: ShieldCheck,
    title: 'Transparent listings',
    text: 'Every agent shows its creator, its price per use and ratings from real users before anyone spends a credit.',
  },
  {
    icon: ScrollText,
    title: 'An audit trail for every credit',
    text: 'Each try, purchase and top-up is written to an append-only ledger, so finance can account for every credit.',
  },
  {
    icon: KeyRound,
    title: 'Secrets stay server-side',
    text: 'Provider tokens live in the server session. Browsers only ever hold an HttpOnly session cookie.',
  },
  {
    icon: FileLock2,
    title: 'Roles enforced on the server',
    text: 'Staff and admin permissions are checked by the API on every request, not hidden in the interface.',
  },
];

const TRUST_LOOK: IconPointsLook = {
  list: 'mt-10 grid gap-8 md:grid-cols-2',
  item: 'flex gap-4',
  tile: 'flex size-12 shrink-0 items-center justify-center rounded-lg bg-sky-50 text-sky-800',
  icon: 'size-6',
  title: 'text-lg font-semibold',
  text: 'mt-1 text-slate-600',
};

function EnterpriseSearch() {
  return (
    <HeroSearchForm
      id="enterprise-search"
      label="Search verified agents"
      placeholder="Search verified agents by capability"
      look={{
        form: 'mt-10 flex max-w-2xl flex-col gap-2 rounded-xl bg-white p-2 shadow-xl ring-1 ring-slate-900/10 sm:flex-row',
        input: 'h-12 w-full rounded-lg border-0 pl-10 pr-3 text-slate-900 placeholder:text-slate-500',
        button: 'h-12 rounded-lg bg-slate-900 px-6 font-semibold text-white hover:bg-slate-700',
      }}
    />
  );
}

function EnterpriseCard({ agent, featured }: { agent: Agent; featured: boolean }) {
  return (
    <article
      className={`relative flex h-full w-full flex-col overflow-hidden rounded-lg border bg-white ${featured ? 'border-amber-500 ring-1 ring-amber-500' : 'border-slate-200'}`}
    >
      <div className="relative aspect-[8/5] w-full bg-gradient-to-br from-slate-100 to-sky-100">
        <LandingImage src={agent.imageUrl} className="absolute inset-0 h-full w-full object-cover" />
        <div className="absolute left-3 top-3 flex flex-wrap gap-2">
          <span className="inline-flex items-center gap-1 rounded bg-sky-800 px-2 py-0.5 text-[11px] font-bold tracking-widest text-white">
            <BadgeCheck aria-hidden className="size-3.5" /> VERIFIED
          </span>
          {featured && (
            <span className="rounded bg-amber-400 px-2 py-0.5 text-[11px] font-bold tracking-widest text-slate-900">
              FEATURED
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">
          {agent.businessCategory ?? agent.businessDepartment ?? 'General'}
        </p>
        <h3 className="mt-1 font-serif text-xl font-semibold text-slate-900">{agent.name}</h3>
        <p className="mt-2 line-clamp-3 text-sm text-slate-600">{agent.description}</p>
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-700">
          <Star aria-hidden className="size-4 fill-amber-400 text-amber-400" />
          <span>
            {ratingOrNew(agent)} · {plural(agent.voteCount, 'review')} · {plural(agent.creditCost, 'credit')} per use
          </span>
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-5">
          <ExternalAgentLink
            agent={agent}
            className="relative z-[2] inline-flex min-h-10 items-center gap-1 rounded-md bg-slate-900 px-4 text-sm font-semibold text-white hover:bg-slate-700"
          >
            Open agent <ArrowUpRight aria-hidden className="size-4" />
          </ExternalAgentLink>
          <ViewDetailsLink
            agent={agent}
            className="inline-flex min-h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          />
        </div>
      </div>
    </article>
  );
}

/** /alternative1: the enterprise variant. */
export function EnterpriseLanding(feed: LandingFeed) {
  return (
    <div className="bg-slate-50 text-slate-900">
      <section className="bg-[radial-gradient(ellipse_at_top_right,_#0c4a6e_0%,_#0f172a_55%)] text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
          <p className="inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-[0.2em] text-sky-300">
            <Landmark aria-hidden className="size-4" /> AgentMarket Enterprise
          </p>
          <h1 className="mt-5 max-w-4xl font-serif text-4xl font-semibold leading-tight sm:text-6xl">
            AI agents your security team will sign off on
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-300">
            A curated catalogue of verified agents with transparent per-use pricing, server-enforced roles and a
            complete audit trail.
          </p>
          <EnterpriseSearch />
        </div>
      </section>

      <section aria-label="Proof points" className="border-b border-slate-200 bg-white">
        <Facts rows={PROOF} look={PROOF_LOOK} />
      </section>

      <section aria-labelledby="verified-heading" className="mx-auto max-w-7xl px-4 py-16">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="verified-heading" className="font-serif text-3xl font-semibold">
              Verified agents
            </h2>
            <p className="mt-2 text-slate-600">Rated by real users, priced per use and ready for procurement.</p>
          </div>
          <Link href="/agents" className="font-semibold text-sky-800 underline-offset-4 hover:underline">
            Browse the full catalogue
          </Link>
        </div>
        <LandingAgentList
          {...feed}
          label="Verified agents"
          placeholder={<Skeleton className="h-96 rounded-lg" />}
          unavailable={
            <p className="mt-8 rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-600">
              The catalogue is unavailable right now. Please try again shortly.
            </p>
          }
          card={(agent, i) => <EnterpriseCard agent={agent} featured={i < FEATURED_COUNT} />}
        />
      </section>

      <section aria-labelledby="trust-heading" className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="trust-heading" className="font-serif text-3xl font-semibold">
            Built for governance from day one
          </h2>
          <IconPoints points={TRUST} look={TRUST_LOOK} headings />
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16">
        <div className="flex flex-col items-start gap-6 rounded-lg bg-slate-900 p-8 text-white md:flex-row md:items-center md:justify-between sm:p-12">
          <div>
            <h2 className="font-serif text-3xl font-semibold">Roll out AI agents with confidence</h2>
            <p className="mt-2 text-slate-300">
              Start with 100 free credits, or list your company&apos;s own agent for review.
            </p>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link
              href="/auth"
              className="inline-flex min-h-12 items-center justify-center rounded-md bg-white px-6 font-semibold text-slate-900 hover:bg-slate-100"
            >
              Get Started Free
            </Link>
            <Link
              href="/submit-agent"
              className="inline-flex min-h-12 items-center justify-center rounded-md border border-white/60 px-6 font-semibold hover:bg-white/10"
            >
              List your agent
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
