import { LogIn, PenLine } from 'lucide-react';
import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useAgentRatings } from '../api/get-agent-ratings';
import { ReviewForm } from './review-form';
import { ReviewList } from './review-list';
import { usePaused } from '../../../hooks/use-paused';
import { useAuthHref } from '../../../hooks/use-auth-href';

/** The Reviews tab: 'Write a Review' (a form for users, a sign-in prompt for visitors) and the reviews. */
export function ReviewsPanel({ agentId, userId, onSubmitted }: { agentId: number; userId: number | null; onSubmitted: () => void }) {
  const [writing, setWriting] = useState(false);
  const ratings = useAgentRatings(agentId);
  const paused = usePaused(ratings);
  // Signing in from here comes back to this agent's page.
  const authHref = useAuthHref();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">What users say</h2>
        <Button variant={writing ? 'secondary' : 'primary'} size="sm" aria-expanded={writing} aria-controls={`review-compose-${agentId}`} onClick={() => setWriting((w) => !w)}>
          <PenLine aria-hidden className="size-4" /> Write a Review
        </Button>
      </div>
      {writing && (
        <div id={`review-compose-${agentId}`}>
          {userId ? (
            <ReviewForm
              agentId={agentId}
              userId={userId}
              onSubmitted={() => {
                setWriting(false);
                onSubmitted();
              }}
            />
          ) : (
            <div className="flex flex-col items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-slate-700">Please log in to write a review</p>
              <ButtonLink href={authHref} size="sm">
                <LogIn aria-hidden className="size-4" /> Log in
              </ButtonLink>
            </div>
          )}
        </div>
      )}
      {ratings.isPending && paused ? (
        <p className="text-slate-600">You are offline. Reviews will load when you are back online.</p>
      ) : (
        <ReviewList ratings={ratings.data} loading={ratings.isPending} error={ratings.isError ? errorMessage(ratings.error, 'please try again later') : null} />
      )}
    </div>
  );
}
