import { Download } from 'lucide-react';
import { statementFileName } from '#common/earnings.ts';
import { QueryState } from '#app/components/ui/query-state.tsx';
import { formatMonth, plural } from '#app/lib/format.ts';
import { statementUrl, useStatements } from '#app/features/earnings/api/get-statements.ts';

const LOOK = { pending: 'mt-3 h-10 rounded', alert: 'mt-3 text-sm text-red-800' };

/** The creator's monthly statements: one CSV download per month that has rows. */
export function StatementsList() {
  const statements = useStatements();
  return (
    <section aria-labelledby="statements-heading" className="mt-6 border-t border-slate-200 pt-4">
      <h3 id="statements-heading" className="text-base font-semibold">
        Statements
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Every earning, refund, move to credits and payout of a month (UTC), with your running balance, as a CSV file.
      </p>
      <QueryState query={statements} failed="Your statements could not be loaded. Please try again later." look={LOOK}>
        {(months) =>
          months.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">No statements yet: the first appears with your first earning.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100">
              {months.map(({ month, entries }) => (
                <li key={month} className="flex min-h-11 items-center justify-between gap-3">
                  <span>
                    <span className="font-medium">{formatMonth(month)}</span>{' '}
                    <span className="text-sm text-slate-600">({plural(entries, 'entry', 'entries')})</span>
                  </span>
                  <a
                    href={statementUrl(month)}
                    download={statementFileName(month)}
                    className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    <Download aria-hidden className="size-4" /> Download CSV
                    <span className="sr-only"> statement for {formatMonth(month)}</span>
                  </a>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
