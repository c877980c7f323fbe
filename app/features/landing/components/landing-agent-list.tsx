import { Fragment, type ReactNode } from 'react';
import { SKELETONS } from '#common/constants.ts';
import type { Agent } from '#common/types.ts';

/** The agents a landing shows, as its page fetched them. */
export interface LandingFeed {
  agents: Agent[];
  loading: boolean;
  failed: boolean;
}

/**
 * A landing's agent grid, or what stands in its place: placeholders while it loads, then a line
 * when the catalogue cannot be read (or holds nothing). Each card is a list item of the grid.
 */
export function LandingAgentList({
  agents,
  loading,
  failed,
  label,
  grid = 'mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3',
  placeholder,
  unavailable,
  empty = unavailable,
  card,
}: LandingFeed & {
  /** The list's name. */
  label: string;
  /** The grid's class, the placeholders' and the list's: three columns on a wide screen. */
  grid?: string;
  /** One placeholder card. */
  placeholder: ReactNode;
  unavailable: ReactNode;
  empty?: ReactNode;
  card: (agent: Agent, index: number) => ReactNode;
}) {
  if (loading) {
    return (
      <div role="status" aria-label="Loading agents" className={grid}>
        {Array.from({ length: SKELETONS.landing }, (_, i) => (
          <Fragment key={i}>{placeholder}</Fragment>
        ))}
      </div>
    );
  }
  if (failed) return unavailable;
  if (agents.length === 0) return empty;
  return (
    <ul aria-label={label} className={grid}>
      {agents.map((agent, i) => (
        <li key={agent.id} className="flex">
          {card(agent, i)}
        </li>
      ))}
    </ul>
  );
}
