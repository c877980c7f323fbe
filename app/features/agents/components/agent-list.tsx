import type { Agent } from '#common/types.ts';
import { AgentCard } from './agent-card';
import type { ViewMode } from './view-toggle';

/** How many cards are likely above the fold on a phone: their images load at once. */
const EAGER_IMAGES = 2;

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
      <ul
        aria-label={label}
        className={
          layout === 'grid' ? 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'flex flex-col gap-3 sm:gap-4'
        }
      >
        {agents.map((agent, i) => (
          <li key={agent.id} className="flex min-w-0 [&>article]:w-full">
            <AgentCard agent={agent} layout={layout} eager={i < EAGER_IMAGES} saved={saved} />
          </li>
        ))}
      </ul>
    </>
  );
}
