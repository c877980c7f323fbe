import { ArrowLeft, EyeOff, SearchX } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'wouter';
import type { Agent, SessionUser } from '#common/types.ts';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useAgent } from '#app/features/agents/api/get-agent.ts';
import { AgentDetailTabs, type DetailTab } from '#app/features/agents/components/agent-detail-tabs.tsx';
import { AgentHero } from '#app/features/agents/components/agent-hero.tsx';
import { AgentInfoCard } from '#app/features/agents/components/agent-info-card.tsx';
import { MoreFromCreator } from '#app/features/agents/components/more-from-creator.tsx';
import { PageState } from '#app/features/agents/components/page-state.tsx';
import { ShareButton } from '#app/features/agents/components/share-button.tsx';
import { TryActionProvider, TryAgentBar, TryAgentCard } from '#app/features/agents/components/try-agent-card.tsx';
import { WhatsNew } from '#app/features/agents/components/whats-new.tsx';
import { useSession } from '#app/features/auth/api/get-session.ts';
import { useHydrated } from '#app/hooks/use-hydrated.ts';
import { useCountView } from '#app/features/insights/api/count-view.ts';
import { ReportButton } from '#app/features/moderation/components/report-button.tsx';
import { ReviewsPanel } from '#app/features/ratings/components/reviews-panel.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { ApiError } from '#app/lib/api-client.ts';
import { usePaused } from '#app/hooks/use-paused.ts';
import { cameFrom, useCameFrom } from '#app/lib/came-from.ts';
import { HOLD_CLICK } from '#app/lib/early-clicks.ts';
import { NotFound } from './not-found';

// Only an agent's creator and admins see the manage card; its confirmation dialog library stays out
// of every visitor's load of the page.
const ManageAgentCard = lazy(() =>
  import('#app/features/agents/components/manage-agent-card.tsx').then((m) => ({ default: m.ManageAgentCard })),
);

/** 'Report' under a review: one function for every render, so the memoised review list keeps its page. */
const reportReview = (review: { id: number }, name: string) => (
  <ReportButton itemType="review" itemId={review.id} name={name} />
);

/** The app's list pages: home, the listings, discover, categories and search (with their filters). */
const LIST_PAGE = /^\/(agents|all-agents|discover|categories|search)?\/?(\?|$)/i;
const isListPage = (path: string) => LIST_PAGE.test(path);

/**
 * Back to the list the person came from, as they left it (history back: its filters, its scroll);
 * from anywhere else, the home page ('Back to listings' goes to /, docs/product.md#screens).
 */
function BackLink() {
  const from = useCameFrom(isListPage);
  return (
    <Link
      href={from ?? '/'}
      // Where it goes is known in the browser only (the page was opened from a list or not): a tap
      // before the app has hydrated waits for it (docs/decisions/0031).
      {...HOLD_CLICK}
      onClick={(event) => {
        // As it is now: a tap just after hydration comes before the render that knows it.
        const from = cameFrom(isListPage);
        if (!from || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        history.back();
      }}
      className="inline-flex min-h-11 items-center gap-1 rounded-md text-sm font-medium text-slate-600 hover:text-brand-700"
    >
      <ArrowLeft aria-hidden className="size-4" /> Back to listings
    </Link>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading agent" className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-col gap-6 md:flex-row">
        <Skeleton className="aspect-[8/5] w-full md:w-72" />
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-20 w-full" />
        </div>
      </div>
      <Skeleton className="mt-10 h-64 w-full" />
    </div>
  );
}

/** Agent detail (/agent/{id} and /agents/{id}). */
export default function AgentDetailPage() {
  const params = useParams<{ id: string }>();
  const id = /^\d+$/.test(params.id ?? '') ? Number(params.id) : Number.NaN;
  const valid = Number.isSafeInteger(id) && id > 0;
  const agent = useAgent(id);
  const agentPaused = usePaused(agent);
  const notFound = !valid || (agent.error instanceof ApiError && agent.error.status === 404);
  useDocumentTitle(notFound ? 'Agent Not Found' : agent.data?.name);

  if (notFound)
    return (
      <NotFound
        mark={<SearchX aria-hidden className="size-14 text-slate-400" />}
        title="Agent Not Found"
        text="This agent does not exist or has been removed by its creator."
      />
    );
  const data = agent.data;
  // A copy saved on this device is shown even when refreshing it failed.
  if (!data)
    return (
      <PageState
        query={agent}
        paused={agentPaused}
        what="this agent's details"
        failed="This agent could not be loaded"
        loading={<DetailSkeleton />}
      />
    );
  // voteCount is the number of shown reviews, kept exact by the server (docs/product.md#reviews and docs/product.md#reviews).
  return <AgentDetail data={data} reviewCount={data.voteCount} />;
}

/**
 * The agent's tabs and their panels. The tab shown is their own state: a tab's tap re-renders them,
 * not the page's hero, sidebar and try bar around (a slow phone's tap waited tens of milliseconds
 * on those: docs/decisions/0044).
 */
function AgentTabs({ agent, reviewCount, user }: { agent: Agent; reviewCount: number; user: SessionUser | null }) {
  const [tab, setTab] = useState<DetailTab>('description');
  return (
    <AgentDetailTabs
      agent={agent}
      value={tab}
      onValueChange={setTab}
      reviewCount={reviewCount}
      reviews={
        <ReviewsPanel
          agentId={agent.id}
          creatorId={agent.creatorId}
          viewer={user ? { id: user.id, emailVerified: user.emailVerified } : null}
          reportAction={reportReview}
          // The agent's average and count are refetched by the review's own mutation (reviewsChanged).
          onSubmitted={() => setTab('reviews')}
        />
      }
    />
  );
}

/** The page of an agent that has loaded. */
function AgentDetail({ data, reviewCount }: { data: Agent; reviewCount: number }) {
  const { user, isLoading } = useSession();
  const isCreator = user !== null && data.creatorId === user.id;
  // The creator's and moderators' cards come with the app, not in the HTML: each loads its own code,
  // and a field the server had drawn would not act (a file chosen) until that code had arrived.
  const hydrated = useHydrated();
  // A view for the creator's insights (docs/decisions/0029), once the session says who is looking.
  useCountView(data.id, isCreator, isLoading);

  return (
    // One try for the sidebar's card and the phone's bar (one of them shown at each width).
    <TryActionProvider agent={data} user={user}>
      {/* No bottom padding on phones: the try bar ends the page there (it keeps its own room under the content). */}
      <div className="mx-auto max-w-7xl px-4 pt-6 lg:py-8">
        <div className="flex items-center justify-between gap-3">
          <BackLink />
          <div className="flex items-center gap-1">
            {user && !isCreator && <ReportButton itemType="agent" itemId={data.id} name={data.name} />}
            <ShareButton title={data.name} text={data.description} path={`/agents/${data.id}`} />
          </div>
        </div>
        {data.hiddenByModerators && (
          <p
            role="status"
            className="mt-4 flex items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm font-medium text-amber-900"
          >
            <EyeOff aria-hidden className="size-4 shrink-0" /> Hidden by moderators: this agent is not listed, found or
            shown to anyone but you.
          </p>
        )}
        <div className="mt-6">
          <AgentHero agent={data} reviewCount={reviewCount} />
        </div>
        <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="flex min-w-0 flex-col gap-8">
            <WhatsNew agent={data} />
            {/* Another agent's page opens at its own first tab (or its address's), its reviews' sort and form anew. */}
            <AgentTabs key={data.id} agent={data} reviewCount={reviewCount} user={user} />
          </div>
          <aside aria-label="Try and info" className="flex flex-col gap-6">
            <TryAgentCard />
            <AgentInfoCard agent={data} />
            {(isCreator || user?.role === 'admin') &&
              // Until the app runs a skeleton holds its place, and starts the app at once for them:
              // nothing else on the page does (Try Agent waits for a tap, docs/decisions/0044).
              (hydrated ? (
                <Suspense fallback={<Skeleton className="h-44 w-full rounded-xl" />}>
                  <ManageAgentCard agent={data} canEdit={isCreator} />
                </Suspense>
              ) : (
                <Skeleton className="h-44 w-full rounded-xl" />
              ))}
          </aside>
        </div>
        <MoreFromCreator agent={data} />
        <TryAgentBar />
      </div>
    </TryActionProvider>
  );
}
