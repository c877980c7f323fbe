import { SKELETONS } from '../../../../common/constants';
import type { Rating } from '../../../../common/types';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { ReviewStars } from './review-stars';

export function ReviewList({ ratings, loading, error }: { ratings: Rating[] | undefined; loading: boolean; error: string | null }) {
  if (loading)
    return (
      <div role="status" aria-label="Loading reviews" className="flex flex-col gap-4">
        {Array.from({ length: SKELETONS.reviews }, (_, i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="size-10 shrink-0 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-full" />
            </div>
          </div>
        ))}
      </div>
    );
  if (error && !ratings) return <p role="alert" className="text-sm text-red-700">Reviews could not be loaded: {error}</p>;
  if (!ratings || ratings.length === 0) return <p className="text-slate-600">No reviews yet. Be the first to review this agent!</p>;
  return (
    <ul aria-label="Reviews" className="divide-y divide-slate-100">
      {ratings.map((r) => {
        const name = r.user?.username ?? `User ${r.userId}`;
        return (
          <li key={r.id} className="flex gap-3 py-4 first:pt-0 last:pb-0">
            <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-700">
              {name.charAt(0).toUpperCase()}
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <p className="font-semibold text-slate-900">{name}</p>
                <ReviewStars value={r.rating} />
                <time dateTime={r.createdAt} className="text-sm text-slate-500">
                  {formatDate(r.createdAt)}
                </time>
              </div>
              {r.comment && <p className="mt-1 whitespace-pre-line break-words text-slate-700">{r.comment}</p>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
