import { StarRow, type StarSize } from '#app/components/ui/star-row.tsx';
import { formatRating } from '#app/lib/format.ts';

/** Five stars with a half star when the fraction is at least .5 (docs/product.md#screens, agent detail). */
export function StarRating({ value, size = 'sm' }: { value: number; size?: StarSize }) {
  const full = Math.floor(value);
  return (
    <span className="inline-flex items-center" role="img" aria-label={`Rated ${formatRating(value)} out of 5`}>
      <StarRow full={full} half={value - full >= 0.5} size={size} />
    </span>
  );
}
