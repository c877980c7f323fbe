import type { ReactNode } from 'react';
import type { Agent } from '#common/types.ts';
import { Facts, type FactsLook } from '#app/components/ui/facts.tsx';
import { SideCard } from '#app/components/ui/side-card.tsx';
import { useLocalTime } from '#app/components/ui/local-time.tsx';
import { CreatorLink } from './creator-link';

const ROWS_LOOK: FactsLook = {
  list: 'mt-3 divide-y divide-slate-100 text-sm',
  row: 'flex justify-between gap-4 py-2',
  term: 'text-slate-600',
  detail: 'text-right font-medium text-slate-900',
};

export function AgentInfoCard({ agent }: { agent: Agent }) {
  const created = useLocalTime(agent.createdAt);
  const rows: [string, ReactNode][] = [
    ['Created', created || 'Unknown'],
    // A person's name leads to their public page (docs/decisions/0028); the operators' own agents have none.
    ['Creator', agent.creatorUsername ? <CreatorLink username={agent.creatorUsername} /> : 'AgentMarket'],
    ['Category', agent.categoryName ?? agent.businessCategory ?? 'Uncategorised'],
  ];
  return (
    <SideCard id="info" title="Agent info">
      <Facts rows={rows} look={ROWS_LOOK} />
    </SideCard>
  );
}
