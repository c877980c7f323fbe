import { lazy, memo, Suspense, useMemo, type ReactNode } from 'react';
import { ArrowRight, Bookmark, Coins, ShieldCheck, Sparkles, Zap } from 'lucide-react';
import { Link } from 'wouter';
import {
  CATEGORY_GRID_MAX,
  FALLBACK_CATEGORIES,
  INITIAL_CREDITS,
  LANDING_GC_MS,
  LANDING_STALE_MS,
  SKELETONS,
  TOP_PERFORMING_KEEP,
  TOP_PERFORMING_SHOW,
} from '#common/constants.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { SkeletonGrid } from '#app/components/ui/skeleton.tsx';
import { AgentCard } from '#app/features/agents/components/agent-card.tsx';
import { AgentList } from '#app/features/agents/components/agent-list.tsx';
import { useAgents } from '#app/features/agents/api/get-agents.ts';
import { useSession } from '#app/features/auth/api/get-session.ts';
import { useCategories } from '#app/features/categories/api/get-categories.ts';
import { CategoryIcon, iconForName } from '#app/features/categories/components/category-icon.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { formatCount, formatCredits, plural } from '#app/lib/format.ts';
import { HeroSearchForm } from '#app/components/ui/hero-search-form.tsx';

const landingCache = { staleTime: LANDING_STALE_MS, gcTime: LANDING_GC_MS };

/** What the home page knows of a signed-in person (from the session the page is rendered with). */
interface Person {
  username: string;
  credits: number;
}

// The page re-renders as its two queries settle; the parts that do not use them are memoised.
const Hero = memo(function Hero({ person }: { person: Person | null }) {
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-700 to-brand-600 text-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
        {person ? (
          // Signed in: their own balance, not the offer made to newcomers.
          <Link
            href="/credits"
            className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm underline-offset-2 hover:bg-white/20 hover:underline"
          >
            <Coins aria-hidden className="size-4" /> {`You have ${formatCredits(person.credits)} to try agents with`}
          </Link>
        ) : (
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm">
            <Sparkles aria-hidden className="size-4" /> {INITIAL_CREDITS} free credits when you sign up
          </p>
        )}
        <h1 className="mt-6 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          Find the AI agent that gets the job done
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-100">
          {person
            ? `Welcome, ${person.username}. Pick up where you left off with your saved agents, or find something new for marketing, sales, finance, operations and more.`
            : 'Discover, try and review AI agents for marketing, sales, finance, operations and more. Pay per use with credits: 1 credit is $1.'}
        </p>
        <HeroSearchForm
          id="home-search"
          label="Search agents"
          placeholder="Search agents, e.g. lead generation"
          look={{
            form: 'mt-8 flex max-w-2xl gap-2',
            input: 'h-12 w-full rounded-lg border-0 bg-white pl-10 pr-3 text-slate-900 placeholder:text-slate-500',
            button: 'h-12 rounded-lg bg-amber-400 px-5 font-semibold text-slate-900 hover:bg-amber-300',
          }}
        />
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink href="/agents" variant="secondary" size="lg">
            {person ? 'Continue browsing' : 'Browse Agents'}
          </ButtonLink>
          {person ? (
            <ButtonLink href="/saved" variant="outline" size="lg">
              <Bookmark aria-hidden className="size-5" /> Your saved agents
            </ButtonLink>
          ) : (
            <ButtonLink href="/submit-agent" variant="outline" size="lg">
              List your agent
            </ButtonLink>
          )}
        </div>
      </div>
    </section>
  );
});

function Stats({
  agents,
  categories,
  credits,
}: {
  agents: number | undefined;
  categories: number | undefined;
  /** Signed in: their balance, in place of what newcomers start with. */
  credits: number | null;
}) {
  const stats = [
    { label: 'AI agents', value: agents === undefined ? '—' : formatCount(agents) },
    { label: 'Categories', value: categories === undefined ? '—' : String(categories) },
    credits === null
      ? { label: 'Free credits to start', value: String(INITIAL_CREDITS) }
      : { label: 'Your credits', value: formatCount(credits) },
    { label: 'Per credit', value: '$1' },
  ];
  return (
    <section aria-label="Marketplace in numbers" className="mx-auto -mt-8 max-w-7xl px-4">
      <dl className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-4">
        {stats.map((s) => (
          <div key={s.label} className="text-center">
            <dd className="text-2xl font-bold text-slate-900">{s.value}</dd>
            <dt className="text-sm text-slate-600">{s.label}</dt>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A home section's heading, with the link to all of its kind beside it. */
function SectionHead({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </div>
  );
}

function CategoryTile({
  href,
  icon,
  name,
  count,
  className,
}: {
  href: string;
  icon: string | null;
  name: string;
  count: number;
  className: string;
}) {
  return (
    <li>
      <Link
        href={href}
        className={`flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${className}`}
      >
        <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <CategoryIcon icon={icon} />
        </span>
        <span className="font-semibold">{name}</span>
        <span className="text-sm text-slate-600">{plural(count, 'agent')}</span>
      </Link>
    </li>
  );
}

function ExploreCategories() {
  const { data, isPending } = useCategories();
  const categories = data?.slice(0, CATEGORY_GRID_MAX) ?? [];
  return (
    <section aria-labelledby="explore-heading" className="mx-auto max-w-7xl px-4 pt-16">
      <SectionHead id="explore-heading" title="Explore by Category">
        <Link href="/categories" className="text-sm font-medium text-brand-700 hover:underline">
          All categories
        </Link>
      </SectionHead>
      {isPending ? (
        <SkeletonGrid
          count={SKELETONS.browse}
          label="Loading categories"
          className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4"
          itemClassName="h-28"
        />
      ) : categories.length > 0 ? (
        <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
          {categories.map((c) => (
            <CategoryTile
              key={c.id}
              href={`/categories?categoryId=${c.id}#category-agents`}
              icon={c.icon}
              name={c.name}
              count={c.agentCount}
              className="transition hover:border-brand-500 hover:shadow-md"
            />
          ))}
        </ul>
      ) : (
        // docs/product.md#screens: the fallback category list when categories are empty or fail to load.
        <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-5">
          {FALLBACK_CATEGORIES.map((c) => (
            <CategoryTile
              key={c.name}
              href="/agents"
              icon={iconForName(c.name)}
              name={c.name}
              count={c.count}
              className="hover:border-brand-500"
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One request serves the top agents and, through its total, the catalogue size in the stats. */
const useTopAgents = () => useAgents({ sort: 'rating', limit: TOP_PERFORMING_KEEP }, landingCache);

function TopPerforming() {
  const { data, isPending, isError } = useTopAgents();
  // Already in the server's 'rating' order, the damped average of docs/decisions/0025 (worker/features/agents/ranking.ts).
  const top = (data?.items ?? []).slice(0, TOP_PERFORMING_SHOW);
  return (
    <section
      aria-labelledby="top-heading"
      className="render-when-near mx-auto max-w-7xl px-4 pt-16 [--near-size:60rem]"
    >
      <SectionHead id="top-heading" title="Top Performing Agents">
        <Link
          href="/agents"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          View all agents <ArrowRight aria-hidden className="size-4" />
        </Link>
      </SectionHead>
      {isPending ? (
        <SkeletonGrid
          count={SKELETONS.categoryBrowse}
          label="Loading top agents"
          className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        />
      ) : isError ? (
        <p className="mt-6 rounded-lg border border-slate-200 bg-white p-6 text-slate-600">
          Top agents could not be loaded right now. Please try again later.
        </p>
      ) : (
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {top.map((agent) => (
            <AgentCard key={agent.id} agent={agent} />
          ))}
        </div>
      )}
    </section>
  );
}

const ClosingCta = memo(function ClosingCta({ signedIn }: { signedIn: boolean }) {
  const points = [
    { icon: Zap, text: 'Try any agent in one click' },
    { icon: ShieldCheck, text: 'Ratings from real users' },
    { icon: Sparkles, text: 'List your own agent for free' },
  ];
  return (
    <section className="render-when-near mx-auto max-w-7xl px-4 pt-16 [--near-size:22rem]">
      <div className="rounded-2xl bg-slate-900 px-6 py-12 text-center text-white sm:px-12">
        <h2 className="text-3xl font-bold">Ready to put AI agents to work?</h2>
        <ul className="mx-auto mt-6 flex max-w-3xl flex-col justify-center gap-3 text-slate-200 sm:flex-row sm:gap-8">
          {points.map(({ icon: Icon, text }) => (
            <li key={text} className="inline-flex items-center justify-center gap-2">
              <Icon aria-hidden className="size-5 text-amber-400" /> {text}
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {signedIn ? (
            <ButtonLink href="/agents" size="lg">
              Browse Agents
            </ButtonLink>
          ) : (
            <ButtonLink href="/auth" size="lg">
              Get Started Free
            </ButtonLink>
          )}
          <ButtonLink href="/propose-agent" variant="outline" size="lg">
            Propose an Agent
          </ButtonLink>
        </div>
      </div>
    </section>
  );
});

// Signed-in people only (docs/decisions/0028): its code stays off the visitors' first load.
const NewFromFollowed = lazy(() =>
  import('#app/features/creators/components/new-from-followed.tsx').then((m) => ({ default: m.NewFromFollowed })),
);

export default function HomePage() {
  useDocumentTitle(null);
  const { user } = useSession();
  // Only what the hero shows: it re-renders when these change, not with every session field.
  const person = useMemo(
    () => (user ? { username: user.username, credits: user.credits } : null),
    [user?.username, user?.credits], // eslint-disable-line react-hooks/exhaustive-deps -- the fields, not the object
  );
  const top = useTopAgents();
  const categories = useCategories();
  return (
    <>
      <Hero person={person} />
      <Stats agents={top.data?.total} categories={categories.data?.length} credits={person?.credits ?? null} />
      {user && (
        <Suspense fallback={null}>
          <NewFromFollowed renderAgents={(agents, label) => <AgentList agents={agents} label={label} />} />
        </Suspense>
      )}
      <ExploreCategories />
      <TopPerforming />
      <ClosingCta signedIn={Boolean(user)} />
    </>
  );
}
