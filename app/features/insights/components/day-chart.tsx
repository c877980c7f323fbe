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
 * The top of a counting scale: the smallest of 2, 4, 6, 8, 10 times a power of ten that holds the
 * largest value, so the gridline halfway is a round whole number too (2 for 4, 50 for 100).
 */
export function niceMax(largest: number): number {
  if (!(largest > 2)) return 2;
  const power = 10 ** Math.floor(Math.log10(largest));
  const step = [2, 4, 6, 8, 10].find((m) => m * power >= largest)!;
  return step * power;
}

/** The one point whose value is written on the chart: the highest bar (the latest of equals), or the line's latest point. */
function markedIndex(points: DayPoint[], kind: 'bar' | 'line'): number | null {
  let best: number | null = null;
  points.forEach((p, i) => {
    if (p.value === null) return;
    if (kind === 'line' || (p.value > 0 && (best === null || p.value >= points[best]!.value!))) best = i;
  });
  return best;
}

/** Where the written value sits: above its bar or point, kept inside the chart at the edges and the top. */
function markStyle(index: number, count: number, top: number) {
  const left = (index + 0.5) / count;
  const x = left < 0.15 ? '0' : left > 0.85 ? '-100%' : '-50%';
  const y = top < 0.2 ? '0.25rem' : 'calc(-100% - 0.125rem)';
  return { left: `${left * 100}%`, top: `${top * 100}%`, transform: `translate(${x}, ${y})` };
}

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
  tick = format,
  summary,
}: {
  title: string;
  points: DayPoint[];
  format: (value: number) => string;
  kind?: 'bar' | 'line';
  /** The top of the scale (e.g. 5 for ratings); else a round number above the largest value. */
  max?: number;
  /** The axis's values, shorter than `format`'s where that says more (a rating's '/ 5'). */
  tick?: (value: number) => string;
  summary: string;
}) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const values = points.map((p) => p.value ?? 0);
  const max = fixedMax ?? niceMax(Math.max(...values, 0));
  const step = W / Math.max(points.length, 1);
  const y = (v: number) => H - (v / max) * H;
  const line = points
    .map((p, i) => (p.value === null ? null : `${i * step + step / 2},${y(p.value)}`))
    .filter(Boolean)
    .join(' ');
  const marked = markedIndex(points, kind);
  const markedValue = marked === null ? null : points[marked]!.value;
  const ticks = [max, max / 2, 0];

  return (
    <figure aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <figcaption id={`${id}-title`} className="font-semibold text-slate-900">
          {title}
        </figcaption>
        <p className="text-sm text-slate-600">{summary}</p>
      </div>
      {/* The drawing and its axis repeat the table below, for the eye only: each bar and point names
          its day and value on hover, and the highest (or latest) one has its value written by it. */}
      <div aria-hidden="true" className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div className="relative h-28 text-right text-xs tabular-nums text-slate-600">
          {/* Sizes the axis to its widest value; the values themselves sit on their gridlines. */}
          <span className="invisible block h-0 overflow-hidden whitespace-nowrap">{tick(max)}</span>
          {ticks.map((value, i) => (
            <span
              key={i}
              className="absolute right-0 -translate-y-1/2 whitespace-nowrap leading-none"
              style={{ top: `${(i / (ticks.length - 1)) * 100}%` }}
            >
              {tick(value)}
            </span>
          ))}
        </div>
        <div className="relative h-28">
          <svg
            viewBox={`0 0 ${W} ${H}`}
            preserveAspectRatio="none"
            className="absolute inset-0 size-full overflow-visible"
          >
            {ticks.map((value) => (
              <line
                key={value}
                x1="0"
                y1={y(value)}
                x2={W}
                y2={y(value)}
                className={value === 0 ? 'stroke-slate-400' : 'stroke-slate-200'}
                strokeWidth="1"
                strokeDasharray={value === 0 ? undefined : '4 3'}
                vectorEffect="non-scaling-stroke"
              />
            ))}
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
                      className="fill-brand-600 hover:fill-brand-900"
                    >
                      <title>{`${dayLabel(p.date)}: ${format(p.value)}`}</title>
                    </rect>
                  ) : null,
                )
              : line && (
                  <>
                    <polyline
                      points={line}
                      fill="none"
                      className="stroke-brand-600"
                      strokeWidth="2"
                      vectorEffect="non-scaling-stroke"
                    />
                    {points.map((p, i) =>
                      p.value === null ? null : (
                        // A wide, clear target over each point, so hovering anywhere near it names it.
                        <rect key={p.date} x={i * step} width={step} y="0" height={H} fill="transparent">
                          <title>{`${dayLabel(p.date)}: ${format(p.value)}`}</title>
                        </rect>
                      ),
                    )}
                  </>
                )}
          </svg>
          {marked !== null && markedValue !== null && (
            <span
              className="pointer-events-none absolute whitespace-nowrap rounded bg-white/90 px-1 text-xs font-semibold tabular-nums text-slate-900 shadow-sm"
              style={markStyle(marked, points.length, y(markedValue) / H)}
            >
              {tick(markedValue)}
            </span>
          )}
        </div>
        <div />
        <div className="mt-1 flex justify-between text-xs text-slate-600">
          <span>{points[0] && dayLabel(points[0].date)}</span>
          <span>{points.at(-1) && dayLabel(points.at(-1)!.date)}</span>
        </div>
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
