import { useId, useState } from 'react';
import { formatMediumDate } from '#common/format.ts';

export interface DayPoint {
  /** YYYY-MM-DD in the person's calendar. */
  date: string;
  value: number | null;
}

/** A calendar day as read aloud and shown under the chart, e.g. "Nov 23, 2026" (no time zone shift). */
export const dayLabel = (date: string): string => {
  const [y, m, d] = date.split('-').map(Number);
  return formatMediumDate(new Date(y!, m! - 1, d!));
};

const W = 300;
const H = 100;

/**
 * One series by day: bars (counts) or a line (a level such as the rating), drawn in SVG that is
 * hidden from assistive technology, with the same figures in a table behind it. Screen readers read
 * the table; anyone can show it on screen. Our own rather than a chart library: four small series
 * need a few rectangles, not a library's 40-100 KB (docs/decisions/0029).
 */
export function DayChart({
  title,
  points,
  format,
  kind = 'bar',
  max: fixedMax,
  summary,
}: {
  title: string;
  points: DayPoint[];
  format: (value: number) => string;
  kind?: 'bar' | 'line';
  /** The top of the scale (e.g. 5 for ratings); else the largest value. */
  max?: number;
  summary: string;
}) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const values = points.map((p) => p.value ?? 0);
  const max = fixedMax ?? Math.max(1, ...values);
  const step = W / Math.max(points.length, 1);
  const y = (v: number) => H - (v / max) * H;
  const line = points
    .map((p, i) => (p.value === null ? null : `${i * step + step / 2},${y(p.value)}`))
    .filter(Boolean)
    .join(' ');

  return (
    <figure aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <figcaption id={`${id}-title`} className="font-semibold text-slate-900">
          {title}
        </figcaption>
        <p className="text-sm text-slate-600">{summary}</p>
      </div>
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        className="mt-3 h-28 w-full overflow-visible"
      >
        <line
          x1="0"
          y1={H}
          x2={W}
          y2={H}
          className="stroke-slate-300"
          strokeWidth="1"
          vectorEffect="non-scaling-stroke"
        />
        {kind === 'bar'
          ? points.map((p, i) =>
              p.value ? (
                <rect
                  key={p.date}
                  x={i * step + step * 0.15}
                  width={step * 0.7}
                  y={y(p.value)}
                  height={H - y(p.value)}
                  rx="1"
                  className="fill-brand-600"
                />
              ) : null,
            )
          : line && (
              <polyline
                points={line}
                fill="none"
                className="stroke-brand-600"
                strokeWidth="2"
                vectorEffect="non-scaling-stroke"
              />
            )}
      </svg>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-600">
        <span>{points[0] && dayLabel(points[0].date)}</span>
        <span>{points.at(-1) && dayLabel(points.at(-1)!.date)}</span>
      </div>
      <button
        type="button"
        aria-expanded={showTable}
        aria-controls={`${id}-table`}
        // The chart's title in the name: each chart has one of these buttons.
        aria-label={`${showTable ? 'Hide table' : 'Show as table'}: ${title}`}
        onClick={() => setShowTable((v) => !v)}
        className="mt-2 min-h-11 rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
      >
        {showTable ? 'Hide table' : 'Show as table'}
      </button>
      {/* Shown, it scrolls: a named region that takes focus, so a keyboard can scroll it too. Hidden,
          it is for screen readers only, clipped without overflow:hidden, so it is no scrolling region
          that a keyboard would have to reach. */}
      <div
        id={`${id}-table`}
        className={showTable ? 'mt-2 max-h-72 overflow-y-auto' : 'sr-only'}
        {...(showTable
          ? { role: 'region', 'aria-label': `${title}, by day`, tabIndex: 0 }
          : { style: { overflow: 'visible' } })}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{title}, by day</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-1 pr-4 font-medium">
                Day
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {title}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {dayLabel(p.date)}
                </th>
                <td className="py-1 text-right tabular-nums">{p.value === null ? 'None yet' : format(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
