import { RATING_MAX } from '#common/constants.ts';

// Lucide's star and half star (ISC licence), drawn as paths of one SVG: a rating is one replaced
// element to lay out, not five. A page of reviews holds one rating each, and the Reviews tab's
// first tap lays out those near the screen at once (docs/decisions/0044).
const STAR =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';
const HALF =
  'M12 18.338a2.1 2.1 0 0 0-.987.244L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.12 2.12 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.12 2.12 0 0 0 1.597-1.16l2.309-4.679A.53.53 0 0 1 12 2';
const SIZES = { sm: 'h-4 w-20', md: 'h-5 w-25' } as const;
export type StarSize = keyof typeof SIZES;

/**
 * RATING_MAX stars in a row, the first `full` filled and the next one half filled when `half`.
 * Decorative: the caller's element names the rating.
 */
export function StarRow({ full, half = false, size = 'sm' }: { full: number; half?: boolean; size?: StarSize }) {
  return (
    <svg
      aria-hidden
      viewBox={`0 0 ${24 * RATING_MAX} 24`}
      className={`${SIZES[size]} shrink-0`}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {Array.from({ length: RATING_MAX }, (_, i) => {
        const at = `translate(${24 * i} 0)`;
        if (i < full) return <path key={i} d={STAR} transform={at} className="fill-amber-400 text-amber-400" />;
        if (i === full && half)
          return (
            <g key={i} transform={at}>
              <path d={STAR} className="text-slate-300" />
              <path d={HALF} className="fill-amber-400 text-amber-400" />
            </g>
          );
        return <path key={i} d={STAR} transform={at} className="text-slate-300" />;
      })}
    </svg>
  );
}
