import type { MyAgentsConsole } from '#common/api-schemas.ts';
import { Facts, type FactsLook } from '#app/components/ui/facts.tsx';
import { formatCents, formatCount } from '#app/lib/format.ts';

// The figure above its name, read name first (Facts reverses the row).
const LOOK: FactsLook = {
  list: 'grid grid-cols-2 gap-3 sm:grid-cols-4',
  row: 'flex flex-col-reverse rounded-xl border border-slate-200 bg-white p-3 shadow-sm',
  term: 'text-sm text-slate-600',
  detail: 'text-2xl font-bold tabular-nums text-slate-900',
};

/** The console's head: how many agents, and their tries, earnings and reviews together. */
export function ConsoleTotals({ totals }: { totals: MyAgentsConsole['totals'] }) {
  return (
    <section aria-labelledby="console-totals">
      <h2 id="console-totals" className="sr-only">
        Totals
      </h2>
      <Facts
        look={LOOK}
        rows={[
          [
            'Agents',
            <>
              {formatCount(totals.agents)}
              {totals.hidden > 0 && (
                <span className="block text-xs font-normal text-slate-600">
                  <span className="sr-only">, </span>
                  {formatCount(totals.listed)} listed, {formatCount(totals.hidden)} hidden
                </span>
              )}
            </>,
          ],
          ['Tries in 30 days', formatCount(totals.triesLast30Days)],
          ['Earnings in 30 days', formatCents(totals.earningsLast30DaysCents)],
          ['Reviews', formatCount(totals.reviews)],
        ]}
      />
    </section>
  );
}
