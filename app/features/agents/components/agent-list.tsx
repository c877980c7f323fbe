import type { Agent } from '#common/types.ts';
import { SkeletonGrid } from '#app/components/ui/skeleton.tsx';
import { AgentCard } from './agent-card';
import type { ViewMode } from './view-toggle';

/** How many cards are likely above the fold on a phone: their images load at once. */
const EAGER_IMAGES = 2;

/** The listings' card grids: four columns on a wide screen, three for the larger cards (categories, landings). */
export const AGENT_GRID = {
  wide: 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
  large: 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3',
} as const;

/** Placeholder cards in a listing's grid while its first page loads. */
export function AgentGridSkeleton({
  count,
  grid = 'wide',
  itemClassName = 'h-80',
}: {
  count: number;
  grid?: keyof typeof AGENT_GRID;
  itemClassName?: string;
}) {
  return (
    <SkeletonGrid count={count} label="Loading agents" className={AGENT_GRID[grid]} itemClassName={itemClassName} />
  );
}

/** Browse cards as a responsive grid or a single-column list; `saved`: every agent is saved on this device (/saved). */
export function AgentList({
  agents,
  layout = 'grid',
  label,
  saved = false,
}: {
  agents: Agent[];
  layout?: ViewMode;
  label: string;
  saved?: boolean;
}) {
  return (
    <>
      {/* Cards are h3s: a heading level for the list keeps the outline in order under any page's h1. */}
      <h2 className="sr-only">{label}</h2>
      <ul aria-label={label} className={layout === 'grid' ? AGENT_GRID.wide : 'flex flex-col gap-3 sm:gap-4'}>
        {agents.map((agent, i) => (
          <li key={agent.id} className="flex min-w-0 [&>article]:w-full">
            <AgentCard agent={agent} layout={layout} eager={i < EAGER_IMAGES} saved={saved} />
          </li>
        ))}
      </ul>
    </>
  );
}
