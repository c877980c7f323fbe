import { useId, useState } from 'react';
import type { AgentInsights } from '#common/types.ts';
import { Button } from '#app/components/ui/button.tsx';
import { Facts, type FactsLook } from '#app/components/ui/facts.tsx';
import { Options } from '#app/components/ui/form-field.tsx';
import { errorMessage } from '#app/lib/api-client.ts';
import { formatCents, formatCount, formatDate, formatRating, plural } from '#app/lib/format.ts';
import { useInsights } from '#app/features/insights/api/get-insights.ts';
import { LOADS_IN_APP } from '#app/lib/app-start.ts';
import { DayChart } from './day-chart';

const PERIODS = [7, 30, 90] as const;

const STATS_LOOK: FactsLook = {
  list: 'mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6',
  row: 'rounded-lg bg-slate-50 p-3',
  term: 'text-sm text-slate-600',
  detail: 'mt-1 text-xl font-bold tabular-nums text-slate-900',
};

function Figures({ data, days }: { data: AgentInsights; days: number }) {
  const t = data.totals;
  const rating = data.days.at(-1)?.rating ?? null;
  const points = <K extends 'tries' | 'earningsCents' | 'views' | 'rating'>(key: K) =>
    data.days.map((d) => ({ date: d.date, value: d[key] }));
  const period = `in the last ${plural(days, 'day')}`;
  return (
    <>
      <Facts
        label={`${data.agent.name} ${period}`}
        look={STATS_LOOK}
        rows={[
          ['Tries', formatCount(t.tries)],
          ['People who tried', formatCount(t.people)],
          ['Credits spent', formatCount(t.creditsSpent)],
          ['Earnings', formatCents(t.earningsCents)],
          ['Page views', formatCount(t.views)],
          ['Rating', rating === null ? 'No reviews yet' : `${formatRating(rating)} / 5`],
        ]}
      />
      <div className="mt-5 grid gap-4 lg:grid-cols-2">
        <DayChart
          title="Tries per day"
          points={points('tries')}
          format={formatCount}
          summary={`${plural(t.tries, 'try', 'tries')} ${period}`}
        />
        <DayChart
          title="Earnings per day"
          points={points('earningsCents')}
          format={formatCents}
          summary={`${formatCents(t.earningsCents)} ${period}`}
        />
        <DayChart
          title="Page views per day"
          points={points('views')}
          format={formatCount}
          summary={`${plural(t.views, 'view')} ${period}`}
        />
        <DayChart
          title="Rating over time"
          kind="line"
          max={5}
          points={points('rating')}
          format={(v) => `${formatRating(v)} / 5`}
          tick={formatRating}
          summary={rating === null ? 'No reviews yet' : `${formatRating(rating)} / 5 now`}
        />
      </div>
      <section aria-labelledby="newest-reviews" className="mt-6">
        <h3 id="newest-reviews" className="font-semibold">
          Newest reviews
        </h3>
        {data.reviews.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No reviews yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {data.reviews.map((r) => (
              <li key={r.id} className="py-3">
                <p className="text-sm">
                  <span className="font-medium">{r.username ?? 'A former member'}</span>{' '}
                  <span className="text-slate-600">
                    · {r.rating} of 5 stars · {formatDate(r.createdAt)}
                  </span>
                </p>
                {r.comment && <p className="mt-1 break-words text-sm text-slate-700">{r.comment}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** A labelled select of numbered choices (an agent's id, a number of days). */
function NumberPicker({
  id,
  label,
  value,
  onChange,
  options,
  className = '',
}: {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  options: { value: number; label: string }[];
  className?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className={`min-h-11 rounded-md border border-slate-300 bg-white px-3 text-base ${className}`}
      >
        <Options options={options} />
      </select>
    </div>
  );
}

/** Insights of one of the creator's agents: figures, four charts with their tables, newest reviews. */
function InsightsPanel({
  agents,
  agentId,
  onAgentChange,
}: {
  agents: { id: number; name: string }[];
  agentId: number;
  onAgentChange: (id: number) => void;
}) {
  const id = useId();
  const [days, setDays] = useState<number>(30);
  const insights = useInsights(agentId, days);

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Agent insights
      </h2>
      <div className="mt-3 flex flex-wrap gap-4">
        <NumberPicker
          id={`${id}-agent`}
          label="Agent"
          value={agentId}
          onChange={onAgentChange}
          options={agents.map((a) => ({ value: a.id, label: a.name }))}
          className="max-w-full"
        />
        <NumberPicker
          id={`${id}-period`}
          label="Period"
          value={days}
          onChange={setDays}
          options={PERIODS.map((p) => ({ value: p, label: `Last ${p} days` }))}
        />
      </div>
      <p className="mt-2 text-xs text-slate-600">
        Days follow this device's time zone. Page views are counted without recording who viewed.
      </p>
      <div aria-busy={insights.isFetching}>
        {insights.isPending ? (
          <div
            role="status"
            aria-label="Loading insights"
            {...LOADS_IN_APP}
            className="mt-5 h-64 animate-pulse rounded-xl bg-slate-100"
          />
        ) : insights.isError ? (
          <div role="alert" className="mt-5 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
            <p>{errorMessage(insights.error, 'Insights could not be loaded. Please try again later.')}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void insights.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <Figures data={insights.data} days={days} />
        )}
      </div>
    </section>
  );
}

export default InsightsPanel;
