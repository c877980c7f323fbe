import { ArrowRight, Check, Clock, Coins, Layers, Sparkles, UserX } from 'lucide-react';
import { Link } from 'wouter';
import { IconPoints, type IconPointsLook } from '#app/components/ui/icon-points.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { CreditsEstimator } from './credits-estimator';
import { LandingAgentList, type LandingFeed } from './landing-agent-list';
import { PricedAgentCard } from './priced-agent-card';

const HIGHLIGHTS = ['$10 starter credits', '2,000+ credits included', '22+ agents'];

const PROBLEMS = [
  {
    icon: UserX,
    title: 'Seats nobody uses',
    text: 'The average small business pays for dozens of SaaS seats that sit idle most of the month.',
  },
  {
    icon: Layers,
    title: 'Tool sprawl',
    text: 'A CRM, an email tool, an analytics suite and a writer app: four logins, four invoices, no shared context.',
  },
  {
    icon: Clock,
    title: 'Hiring takes months',
    text: 'A new marketing or sales hire costs thousands before the first result. Work piles up in the meantime.',
  },
];

const PROBLEMS_LOOK: IconPointsLook = {
  list: 'mt-10 grid gap-5 md:grid-cols-3',
  item: 'rounded-3xl bg-white p-6 shadow-sm ring-1 ring-emerald-900/10',
  tile: 'flex size-12 items-center justify-center rounded-2xl bg-amber-100 text-amber-700',
  icon: 'size-6',
  title: 'mt-5 text-lg font-bold',
  text: 'mt-2 text-sm text-slate-600',
};

const primary =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-lime-300 px-6 font-bold text-emerald-950 transition hover:bg-lime-200';
const secondary =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-full border-2 border-emerald-950 px-6 font-bold text-emerald-950 transition hover:bg-emerald-950 hover:text-lime-300';

/** /agent91: the SMB pitch for an AI-native workforce paid by flexible credits. */
export function Agent91Landing(feed: LandingFeed) {
  return (
    <div className="bg-[#f6f3ea] text-emerald-950">
      <section className="relative overflow-hidden">
        <div aria-hidden className="absolute -right-32 -top-32 size-96 rounded-full bg-lime-300/40 blur-3xl" />
        <div aria-hidden className="absolute -bottom-40 -left-24 size-96 rounded-full bg-amber-200/60 blur-3xl" />
        <div className="relative mx-auto max-w-7xl px-4 py-16 sm:py-24">
          <p className="inline-flex items-center gap-2 rounded-full bg-emerald-950 px-4 py-1.5 text-sm font-semibold text-lime-300">
            <Sparkles aria-hidden className="size-4" /> The AI-native workforce for small business
          </p>
          <h1 className="mt-6 max-w-4xl text-4xl font-black leading-[1.05] tracking-tight sm:text-6xl">
            Hire 22+ AI agents. <span className="text-emerald-600">Pay only for the work they finish.</span>
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-emerald-900/80">
            Lead discovery, content, sales research and reporting, done by specialised agents on flexible credits. No
            seats, no contracts, no onboarding project.
          </p>
          <ul className="mt-8 flex flex-wrap gap-3" aria-label="What you get">
            {HIGHLIGHTS.map((h) => (
              <li
                key={h}
                className="inline-flex items-center gap-2 rounded-full border border-emerald-900/15 bg-white/70 px-4 py-2 text-sm font-semibold"
              >
                <Check aria-hidden className="size-4 text-emerald-600" /> {h}
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Link href="/auth" className={primary}>
              Get Started Free <ArrowRight aria-hidden className="size-5" />
            </Link>
            <Link href="/agents-agent91" className={secondary}>
              Meet the agents
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="problem-heading" className="mx-auto max-w-7xl px-4 py-16">
        <p className="text-sm font-bold uppercase tracking-[0.2em] text-emerald-700">The problem</p>
        <h2 id="problem-heading" className="mt-3 max-w-3xl text-3xl font-black tracking-tight sm:text-4xl">
          Small teams pay enterprise prices for software they barely use
        </h2>
        <IconPoints points={PROBLEMS} look={PROBLEMS_LOOK} headings />
      </section>

      <section aria-labelledby="agents91-heading" className="mx-auto max-w-7xl px-4 pb-16">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="text-sm font-bold uppercase tracking-[0.2em] text-emerald-700">The solution</p>
            <h2 id="agents91-heading" className="mt-3 text-3xl font-black tracking-tight sm:text-4xl">
              Your first AI hires
            </h2>
          </div>
          <Link
            href="/agents-agent91"
            className="inline-flex items-center gap-1 font-bold text-emerald-700 underline-offset-4 hover:underline"
          >
            See all 22+ agents <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
        <LandingAgentList
          {...feed}
          label="Featured agents"
          placeholder={<Skeleton className="h-96 rounded-3xl" />}
          unavailable={
            <p className="mt-8 rounded-3xl bg-white p-8 text-center text-slate-600">
              Our agents are taking a short break.{' '}
              <Link href="/agents" className="font-semibold text-emerald-700 underline">
                Browse the marketplace
              </Link>{' '}
              instead.
            </p>
          }
          card={(agent) => <PricedAgentCard agent={agent} showDetails />}
        />
      </section>

      <CreditsEstimator />

      <section className="mx-auto max-w-7xl px-4 py-16">
        <div className="rounded-[2rem] bg-lime-300 px-6 py-12 text-center sm:px-12">
          <Coins aria-hidden className="mx-auto size-10" />
          <h2 className="mt-4 text-3xl font-black tracking-tight sm:text-4xl">Start with $10 in credits, on us</h2>
          <p className="mx-auto mt-3 max-w-xl text-emerald-900/80">
            Sign up in a minute, try any agent, and top up only when the work is worth it.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              href="/auth"
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-emerald-950 px-6 font-bold text-lime-300 hover:bg-emerald-900"
            >
              Get Started Free
            </Link>
            <Link href="/agents" className={secondary}>
              Browse all agents
            </Link>
            <Link href="/submit-agent" className={secondary}>
              List your agent
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
