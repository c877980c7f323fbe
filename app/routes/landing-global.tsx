import { useState } from 'react';
import type { AgentSort } from '#common/types.ts';
import { useLandingAgents } from '#app/features/agents/api/get-agents.ts';
import { SortSelect, VOTE_SORTS } from '#app/features/agents/components/sort-select.tsx';
import { CategoryIcon, iconForName } from '#app/features/categories/components/category-icon.tsx';
import { DepartmentSelect } from '#app/features/departments/components/department-select.tsx';
import {
  GlobalNetworkLanding,
  type NetworkCategory,
} from '#app/features/landing/components/global-network-landing.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

/** docs/product.md#landings: a static category grid (marketing numbers are hardcoded); icons come from the names. */
const NETWORK_DEPARTMENTS: [string, number][] = [
  ['Marketing', 1240],
  ['Sales', 980],
  ['Finance', 610],
  ['Operations', 545],
  ['HR', 320],
  ['IT', 770],
  ['Customer Service', 690],
  ['Legal', 210],
  ['Research', 430],
  ['Data & Analytics', 515],
  ['Engineering', 860],
  ['Procurement', 140],
];

const categories: NetworkCategory[] = NETWORK_DEPARTMENTS.map(([name, count]) => ({
  name,
  count,
  icon: <CategoryIcon icon={iconForName(name)} className="size-5" />,
}));

const dark = { selectClassName: 'border-white/20 bg-slate-950 text-white', labelClassName: 'text-indigo-100' };

/** /alternative2 (docs/product.md#landings): the global-network variant; its filters narrow the 9 agents on the server. */
export default function LandingGlobalPage() {
  useDocumentTitle('The global AI agent network');
  const [departmentId, setDepartmentId] = useState<number>();
  const [sort, setSort] = useState<AgentSort>('popular');
  const feed = useLandingAgents({ departmentId, sort });
  const active = (departmentId ? 1 : 0) + (sort !== 'popular' ? 1 : 0);

  const panel = (
    <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <DepartmentSelect id="network-department" value={departmentId} onChange={setDepartmentId} {...dark} />
      <SortSelect id="network-sort" options={VOTE_SORTS} value={sort} onChange={setSort} {...dark} />
      <button
        type="button"
        onClick={() => {
          setDepartmentId(undefined);
          setSort('popular');
        }}
        disabled={active === 0}
        className="h-10 rounded-lg px-4 text-sm font-semibold text-cyan-200 ring-1 ring-white/20 hover:bg-white/10 disabled:opacity-50"
      >
        Reset filters
      </button>
    </div>
  );

  return <GlobalNetworkLanding {...feed} filterPanel={panel} activeFilters={active} categories={categories} />;
}
