import type { ReactNode } from 'react';
import type { Agent } from '#common/types.ts';
import { useLocalTime } from '#app/components/ui/local-time.tsx';
import { CreatorLink } from './creator-link';

export function AgentInfoCard({ agent }: { agent: Agent }) {
  const created = useLocalTime(agent.createdAt);
  const rows: [string, ReactNode][] = [
    ['Created', created || 'Unknown'],
    // A person's name leads to their public page (docs/decisions/0028); the operators' own agents have none.
    ['Creator', agent.creatorUsername ? <CreatorLink username={agent.creatorUsername} /> : 'AgentMarket'],
    ['Category', agent.categoryName ?? agent.businessCategory ?? 'Uncategorised'],
  ];
  return (
    <section aria-labelledby="info-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="info-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Agent info
      </h2>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-2">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
