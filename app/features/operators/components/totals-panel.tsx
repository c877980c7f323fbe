import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import type { DailyTotals } from '#common/types.ts';
import { buttonClass } from '#app/components/ui/button.tsx';
import { QueryState } from '#app/components/ui/query-state.tsx';
import { TableHead } from '#app/components/ui/table-head.tsx';
import { formatCents, formatCount } from '#app/lib/format.ts';
import { totalsCsvUrl, useTotals } from '#app/features/operators/api/get-totals.ts';

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The server's limit (worker/features/admin/totals.ts). */
const MAX_DAYS = 366;

type Figures = Omit<DailyTotals, 'date'>;
const COLUMNS: { key: keyof Figures; label: string; cents?: boolean }[] = [
  { key: 'creditsSold', label: 'Credits sold' },
  { key: 'creditsGranted', label: 'Credits granted' },
  { key: 'creditsSpent', label: 'Credits spent' },
  { key: 'creditsRefunded', label: 'Refunded' },
  { key: 'creatorsShareCents', label: 'Creators’ share', cents: true },
  { key: 'platformShareCents', label: 'Platform share', cents: true },
  { key: 'movedToCreditsCents', label: 'Moved to credits', cents: true },
  { key: 'paidOutCents', label: 'Paid out', cents: true },
];

/** Where the table's stand-ins sit (QueryState). */
const LOOK = {
  pending: 'mt-4 h-64 rounded-xl',
  alert: 'mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800',
};

/** The column headings: the day, then each figure. */
const HEAD = [['Day', 'px-3 py-2'] as const, ...COLUMNS.map((c) => [c.label, 'px-3 py-2 text-right'] as const)];

/** One row of the table: what it totals (a day, or the whole range) and its figures. */
function FiguresRow({ label, figures, className = '' }: { label: string; figures: Figures; className?: string }) {
  return (
    <tr>
      <th scope="row" className={`px-3 py-2 text-left ${className}`}>
        {label}
      </th>
      {COLUMNS.map(({ key, cents }) => (
        <td key={key} className="px-3 py-2 text-right tabular-nums">
          {cents ? formatCents(figures[key]) : formatCount(figures[key])}
        </td>
      ))}
    </tr>
  );
}

/** The operators' totals per UTC day over a range, with the same figures as a CSV download (admins). */
export function TotalsPanel() {
  // The last 30 UTC days at first, today included.
  const [today] = useState(() => utcDay(Date.now()));
  const [from, setFrom] = useState(() => utcDay(Date.parse(today) - 29 * DAY_MS));
  const [to, setTo] = useState(today);
  const ids = { from: useId(), to: useId(), caption: useId() };
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  const problem =
    !from || !to
      ? 'Choose both days.'
      : from > to
        ? 'The first day must not be after the last.'
        : days > MAX_DAYS
          ? `A range is at most ${MAX_DAYS} days.`
          : null;
  const totals = useTotals(from, to, !problem);

  return (
    <section aria-labelledby={ids.caption}>
      <h2 id={ids.caption} className="text-xl font-semibold">
        Totals per day (UTC)
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Credits sold and granted, credits spent on paid tries (refunds taken off), how the spending split between
        creators and the platform, and what left the earnings.
      </p>
      <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <div className="flex flex-col">
          <label htmlFor={ids.from} className="text-sm font-medium">
            From
          </label>
          <input
            id={ids.from}
            type="date"
            value={from}
            max={today}
            onChange={(e) => setFrom(e.target.value)}
            className="min-h-11 rounded-md border border-slate-300 px-2"
          />
        </div>
        <div className="flex flex-col">
          <label htmlFor={ids.to} className="text-sm font-medium">
            To
          </label>
          <input
            id={ids.to}
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            className="min-h-11 rounded-md border border-slate-300 px-2"
          />
        </div>
        {problem ? null : (
          <a href={totalsCsvUrl(from, to)} download className={buttonClass('secondary')}>
            <Download aria-hidden className="size-4" /> Download CSV
          </a>
        )}
      </form>
      {problem ? (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {problem}
        </p>
      ) : (
        <QueryState query={totals} failed="The totals could not be loaded. Please try again later." look={LOOK}>
          {(data) => (
            // Scrolls sideways on a phone; focusable so a keyboard can scroll it too.
            <div
              role="region"
              aria-label="Totals table"
              tabIndex={0}
              className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white"
            >
              <table className="min-w-full text-sm">
                <caption className="sr-only">
                  Totals per day from {data.from} to {data.to}, UTC
                </caption>
                <TableHead columns={HEAD} className="bg-slate-50 text-left text-slate-700" />
                <tbody className="divide-y divide-slate-100">
                  {[...data.days].reverse().map((d) => (
                    <FiguresRow key={d.date} label={d.date} figures={d} className="whitespace-nowrap font-medium" />
                  ))}
                </tbody>
                <tfoot className="border-t-2 border-slate-200 font-semibold">
                  <FiguresRow label="Total" figures={data.totals} />
                </tfoot>
              </table>
            </div>
          )}
        </QueryState>
      )}
    </section>
  );
}
