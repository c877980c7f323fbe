import { LogIn, MailCheck, PenLine } from 'lucide-react';
import { useMemo, useState, type ComponentProps } from 'react';
import type { ReviewSort } from '#common/types.ts';
import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { errorMessage } from '#app/lib/api-client.ts';
import { plural } from '#app/lib/format.ts';
import { flattenReviews, useAgentRatings } from '#app/features/ratings/api/get-agent-ratings.ts';
import { useRatingSummary } from '#app/features/ratings/api/get-rating-summary.ts';
import { RatingHistogram } from './rating-histogram';
import { ReviewForm } from './review-form';
import { ReviewList } from './review-list';
import { YourReview } from './your-review';
import { QueuedReview, useQueuedReview } from './queued-review';
import { useAfterPaint } from '#app/hooks/use-after-paint.ts';
import { usePaused } from '#app/hooks/use-paused.ts';
import { usePanelShown } from '#app/components/ui/tabs.tsx';
import { useAuthHref } from '#app/hooks/use-auth-href.ts';
import { useHydrated } from '#app/hooks/use-hydrated.ts';
import { awaitsApp } from '#app/lib/app-start.ts';

const SORT_LABELS: Record<ReviewSort, string> = {
  helpful: 'Most helpful',
  newest: 'Newest',
  highest: 'Highest',
  lowest: 'Lowest',
};

/**
 * The review form, once opened, brought into view (above the agent page's try bar: its scroll padding).
 * One function for every render, so React calls it when the form mounts, not on each re-render.
 */
const bringIntoView = (element: HTMLDivElement | null) => element?.scrollIntoView?.({ block: 'nearest' });

export interface ReviewViewer {
  id: number;
  emailVerified: boolean;
}

/**
 * The Reviews tab: the histogram, 'Your review' (edit, delete) or 'Write a Review' (a form for users,
 * a sign-in prompt for visitors), then the reviews in the chosen order, ten at a time.
 */
export function ReviewsPanel({
  agentId,
  creatorId,
  viewer,
  onSubmitted,
  reportAction,
}: {
  agentId: number;
  creatorId: number | null;
  viewer: ReviewViewer | null;
  onSubmitted: () => void;
  reportAction?: ComponentProps<typeof ReviewList>['reportAction'];
}) {
  const [writing, setWriting] = useState(false);
  const [sort, setSort] = useState<ReviewSort>('helpful');
  const ratings = useAgentRatings(agentId, sort);
  // Asked once the Reviews tab shows (its panel is in the page, hidden, from the start: docs/decisions/0044),
  // after the tab's frame: starting the request cost the tap 40-60 ms at a slow phone's speed.
  const summary = useRatingSummary(agentId, viewer?.id ?? null, useAfterPaint(usePanelShown()));
  const paused = usePaused(ratings);
  // Signing in from here comes back to this agent's page.
  const authHref = useAuthHref();
  const mine = summary.data?.mine ?? null;
  // A review written offline shows as 'Your review' while it waits, in place of the one the server has.
  const queued = useQueuedReview(agentId, viewer?.id ?? null);
  const isCreator = viewer !== null && viewer.id === creatorId;
  const { reviews: all, total } = useMemo(() => flattenReviews(ratings.data), [ratings.data]);
  // The person's own review is shown once: pinned on top as 'Your review' (published or waiting on
  // this device; the form while it is edited), so the list leaves it out. Kept while the data is
  // the same, so the memoised list skips this panel's own re-renders (Write a Review's tap).
  const pinned = mine !== null || queued !== null;
  const viewerId = viewer?.id ?? null;
  const reviews = useMemo(
    () => (pinned && viewerId !== null ? all.filter((review) => review.userId !== viewerId) : all),
    [all, pinned, viewerId],
  );
  const changed = () => {
    setWriting(false);
    onSubmitted();
  };
  // For a signed-in person the panel is not whole without the app: their own review (the summary's
  // `mine`) is only asked by it. So Write a Review awaits the app: the panel shown (its tab tapped, or
  // named by the address) starts it (docs/decisions/0044); for a visitor it waits for its own tap.
  const hydrated = useHydrated();

  const compose = () => {
    if (!viewer)
      return (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-700">Please log in to write a review</p>
          <ButtonLink href={authHref} size="sm">
            <LogIn aria-hidden className="size-4" /> Log in
          </ButtonLink>
        </div>
      );
    if (!viewer.emailVerified)
      return (
        <p className="flex items-start gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-slate-700">
          <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
          Please confirm your email address before writing a review: open the link we emailed you.
        </p>
      );
    // No key from `mine`: the refetch after a first review fills `mine` while the form is still waiting for
    // its callbacks; a remount then would drop them (TanStack skips mutate()'s callbacks once unmounted)
    // and leave the form open. It mounts afresh each time writing starts, so an edit is prefilled.
    return <ReviewForm agentId={agentId} userId={viewer.id} existing={mine} onSubmitted={changed} />;
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">What users say</h2>
        {!mine && !queued && !isCreator && (
          <Button
            variant={writing ? 'secondary' : 'primary'}
            size="sm"
            aria-expanded={writing}
            aria-controls={`review-compose-${agentId}`}
            onClick={() => setWriting((w) => !w)}
            {...(viewer && awaitsApp(hydrated))}
          >
            <PenLine aria-hidden className="size-4" /> Write a Review
          </Button>
        )}
      </div>
      {/* Right under the button that opens it: on a phone the histogram would push it below the fold. */}
      {writing && (
        <div id={`review-compose-${agentId}`} ref={bringIntoView} className="flex flex-col items-start gap-2">
          <div className="w-full">{compose()}</div>
          {mine && (
            <Button size="sm" variant="ghost" onClick={() => setWriting(false)}>
              Cancel editing
            </Button>
          )}
        </div>
      )}
      {summary.data && summary.data.total > 0 && <RatingHistogram summary={summary.data} />}
      {queued && !writing && <QueuedReview item={queued} />}
      {mine && !queued && !writing && <YourReview review={mine} onEdit={() => setWriting(true)} onDeleted={changed} />}
      {total > 1 && (
        <div className="flex items-center gap-2">
          <label htmlFor={`review-sort-${agentId}`} className="text-sm font-medium text-slate-800">
            Sort reviews
          </label>
          <select
            id={`review-sort-${agentId}`}
            value={sort}
            onChange={(e) => setSort(e.target.value as ReviewSort)}
            className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900"
          >
            {(Object.keys(SORT_LABELS) as ReviewSort[]).map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      )}
      {ratings.isPending && paused ? (
        <p className="text-slate-600">You are offline. Reviews will load when you are back online.</p>
      ) : pinned && ratings.data && reviews.length === 0 ? null : (
        <ReviewList
          ratings={ratings.data ? reviews : undefined}
          loading={ratings.isPending}
          error={ratings.isError ? errorMessage(ratings.error, 'please try again later') : null}
          viewerId={viewer?.id ?? null}
          creatorId={creatorId}
          reportAction={reportAction}
        />
      )}
      {ratings.hasNextPage && (
        <div className="flex flex-col items-center gap-2">
          <p className="text-sm text-slate-600">
            Showing {all.length} of {plural(total, 'review')}
          </p>
          <Button
            variant="secondary"
            onClick={() => void ratings.fetchNextPage()}
            disabled={ratings.isFetchingNextPage}
            aria-busy={ratings.isFetchingNextPage}
          >
            {ratings.isFetchingNextPage ? 'Loading...' : 'Show more'}
          </Button>
        </div>
      )}
    </div>
  );
}
