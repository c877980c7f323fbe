import { Star } from 'lucide-react';
import { RATING_MAX } from '#common/constants.ts';

/**
 * Star rating as a native radio group: arrow keys change it, each star is announced as "N stars",
 * and the stars up to the chosen one are filled.
 */
export function RatingInput({
  name,
  value,
  onChange,
  disabled = false,
}: {
  name: string;
  value: number;
  onChange: (rating: number) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium text-slate-800">Your rating</legend>
      <div className="mt-1 flex gap-1">
        {/* Each label is positioned so its hidden radio sits inside the star: a tap there is a tap on the star. */}
        {Array.from({ length: RATING_MAX }, (_, i) => {
          const n = i + 1;
          return (
            <label
              key={n}
              className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="sr-only"
              />
              <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
              <Star
                aria-hidden
                className={`size-8 transition ${n <= value ? 'fill-amber-400 text-amber-400' : 'text-slate-300 hover:text-amber-300'}`}
              />
            </label>
          );
        })}
        <span aria-hidden className="ml-2 self-center text-sm font-medium text-slate-600">
          {value}/{RATING_MAX}
        </span>
      </div>
    </fieldset>
  );
}
