import { Calculator } from 'lucide-react';
import { TableHead } from '#app/components/ui/table-head.tsx';
import { CREDITS_PER_DOLLAR, estimate, usd } from '#app/features/landing/lib/estimator.ts';

const COLUMNS = [
  ['Task', 'px-5 py-3 font-semibold'],
  ['Credits', 'px-3 py-3 text-right font-semibold'],
  ['Cost', 'px-5 py-3 text-right font-semibold'],
] as const;

/** docs/product.md#constants's static estimator: a month of typical SMB work priced in credits. */
export function CreditsEstimator() {
  const e = estimate();
  return (
    <section aria-labelledby="estimator-heading" className="bg-emerald-950 text-emerald-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 lg:grid-cols-[1fr_1.2fr] lg:items-center">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-lime-300/15 px-3 py-1 text-sm font-semibold text-lime-300">
            <Calculator aria-hidden className="size-4" /> Credits estimator
          </p>
          <h2 id="estimator-heading" className="mt-4 text-3xl font-black tracking-tight sm:text-4xl">
            A month of real work for the price of lunch
          </h2>
          <p className="mt-4 text-emerald-100/80">
            {CREDITS_PER_DOLLAR} credits = $1. You pay for the tasks your agents finish, not for seats nobody logs in
            to.
          </p>
          <p className="mt-8 text-5xl font-black text-lime-300">{e.savingPercent}%</p>
          <p className="text-emerald-100/80">
            saved: <strong className="text-white">{usd(e.saving)}</strong> every month
          </p>
        </div>
        <div className="overflow-hidden rounded-3xl bg-white text-slate-900 shadow-2xl">
          <table className="w-full text-left text-sm">
            <caption className="bg-emerald-50 px-5 py-3 text-left text-sm font-semibold text-emerald-900">
              Typical monthly usage for a 10-person team
            </caption>
            <TableHead
              columns={COLUMNS}
              className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500"
            />
            <tbody className="divide-y divide-slate-100">
              {e.items.map((item) => (
                <tr key={item.task}>
                  <th scope="row" className="px-5 py-3 font-medium">
                    {item.task}
                    <span className="block text-xs font-normal text-slate-500">{item.detail}</span>
                  </th>
                  <td className="px-3 py-3 text-right tabular-nums">{item.credits}</td>
                  <td className="px-5 py-3 text-right tabular-nums">{usd(item.cost)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-emerald-900/20 bg-emerald-50/60">
              <tr>
                <th scope="row" className="px-5 py-3 font-bold">
                  Total with credits
                </th>
                <td className="px-3 py-3 text-right font-bold tabular-nums">{e.totalCredits} credits</td>
                <td className="px-5 py-3 text-right font-bold tabular-nums text-emerald-700">{usd(e.total)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={2} className="px-5 py-3 font-medium text-slate-600">
                  Traditional SaaS stack
                </th>
                <td className="px-5 py-3 text-right tabular-nums text-slate-500 line-through">
                  {usd(e.traditional, 0)}
                </td>
              </tr>
              <tr>
                <th scope="row" colSpan={2} className="px-5 py-3 font-bold text-emerald-800">
                  You save
                </th>
                <td className="px-5 py-3 text-right font-black tabular-nums text-emerald-700">
                  {usd(e.saving)} ({e.savingPercent}%)
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      </div>
    </section>
  );
}
