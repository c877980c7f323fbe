import { Star } from 'lucide-react';
import { RATING_MAX } from '#common/constants.ts';

/** A review's whole-star rating. */
export function ReviewStars({ value }: { value: number }) {
  return (
    <span role="img" aria-label={`${value} out of ${RATING_MAX} stars`} className="inline-flex">
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <Star
          key={i}
          aria-hidden
          className={`size-4 ${i < value ? 'fill-amber-400 text-amber-400' : 'text-slate-300'}`}
        />
      ))}
    </span>
  );
}
