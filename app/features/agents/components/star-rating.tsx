import { Star, StarHalf } from 'lucide-react';
import { formatRating } from '#app/lib/format.ts';

/** Five stars with a half star when the fraction is at least .5 (docs/product.md#screens, agent detail). */
export function StarRating({ value, className = 'size-4' }: { value: number; className?: string }) {
  const full = Math.floor(value);
  const half = value - full >= 0.5;
  return (
    <span className="inline-flex items-center" role="img" aria-label={`Rated ${formatRating(value)} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => {
        if (i < full) return <Star key={i} aria-hidden className={`${className} fill-amber-400 text-amber-400`} />;
        if (i === full && half)
          return (
            <span key={i} className="relative inline-flex">
              <Star aria-hidden className={`${className} text-slate-300`} />
              <StarHalf aria-hidden className={`${className} absolute inset-0 fill-amber-400 text-amber-400`} />
            </span>
          );
        return <Star key={i} aria-hidden className={`${className} text-slate-300`} />;
      })}
    </span>
  );
}
