import { Link } from 'wouter';
import { creatorName, creatorPath } from '#common/creators.ts';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { formatDate } from '#app/lib/format.ts';
import { useFollowedCreators } from '#app/features/creators/api/follow.ts';
import { CreatorAvatar } from './creator-avatar';

/** /profile's 'Following': the creators the person follows, newest first (docs/decisions/0028). */
export function FollowingList() {
  const followed = useFollowedCreators(true);
  return (
    <section aria-labelledby="following-heading">
      <h2 id="following-heading" className="text-2xl font-bold">
        Following
      </h2>
      <div className="mt-4">
        {followed.data ? (
          followed.data.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-slate-600">
              You do not follow anyone yet. Follow a creator from their page to see their new agents on the home page.
            </p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {followed.data.map((c) => (
                <li key={c.id}>
                  <Link
                    href={creatorPath(c.username)}
                    className="flex min-h-11 items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm hover:border-brand-200"
                  >
                    <CreatorAvatar id={c.id} name={creatorName(c)} picture={c.profilePicture} />
                    <span className="min-w-0">
                      <span className="block truncate font-semibold text-slate-900">{creatorName(c)}</span>
                      <span className="block text-xs text-slate-600">Since {formatDate(c.followedAt)}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        ) : followed.isError ? (
          <p role="alert" className="text-red-700">
            The creators you follow could not be loaded.
          </p>
        ) : (
          <Skeleton className="h-16" />
        )}
      </div>
    </section>
  );
}
