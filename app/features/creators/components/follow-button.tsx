import { UserCheck, UserPlus } from 'lucide-react';
import { ButtonLink, Button } from '#app/components/ui/button.tsx';
import { useHydrated } from '#app/hooks/use-hydrated.ts';
import { awaitsApp } from '#app/lib/app-start.ts';
import { useAuthHref } from '#app/hooks/use-auth-href.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { errorMessage } from '#app/lib/api-client.ts';
import { formatCount } from '#app/lib/format.ts';
import { useFollowState, useSetFollowing } from '#app/features/creators/api/follow.ts';

/**
 * Follow / Following with the follower count (docs/decisions/0028). Visitors get 'Sign in to
 * follow', which comes back here; the creator sees only the count on their own page.
 */
export function FollowButton({
  username,
  creatorId,
  followers,
  viewerId,
}: {
  username: string;
  creatorId: number;
  followers: number;
  viewerId: number | null;
}) {
  const state = useFollowState(username);
  const setFollowing = useSetFollowing(username, creatorId);
  const authHref = useAuthHref();
  const hydrated = useHydrated();
  // Until hydrated, the count the server rendered (a saved copy must not meet different markup).
  const count = hydrated ? (state.data?.followers ?? followers) : followers;
  const countText = (
    <span className="text-sm text-slate-600">{count === 1 ? '1 follower' : `${formatCount(count)} followers`}</span>
  );

  if (viewerId === creatorId) return <p aria-live="polite">{countText}</p>;
  if (viewerId === null) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <ButtonLink href={authHref} variant="secondary">
          <UserPlus aria-hidden className="size-4" /> Sign in to follow
        </ButtonLink>
        {countText}
      </div>
    );
  }
  const following = state.data?.following ?? false;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant={following ? 'secondary' : 'primary'}
        aria-pressed={following}
        disabled={!hydrated || state.isPending}
        {...awaitsApp(hydrated)}
        onClick={() =>
          setFollowing.mutate(!following, {
            onError: (error) =>
              toast({
                title: 'Could not update following',
                description: errorMessage(error, 'Please try again.'),
                variant: 'destructive',
              }),
          })
        }
      >
        {following ? <UserCheck aria-hidden className="size-4" /> : <UserPlus aria-hidden className="size-4" />}
        {following ? 'Following' : 'Follow'}
      </Button>
      <span aria-live="polite">{countText}</span>
    </div>
  );
}
