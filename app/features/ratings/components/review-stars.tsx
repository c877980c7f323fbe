import { StarRow } from '#app/components/ui/star-row.tsx';
import { RATING_MAX } from '#common/constants.ts';

/** A review's whole-star rating. */
export function ReviewStars({ value }: { value: number }) {
  return (
    <span role="img" aria-label={`${value} out of ${RATING_MAX} stars`} className="inline-flex">
      <StarRow full={value} />
    </span>
  );
}
