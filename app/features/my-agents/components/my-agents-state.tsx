import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SKELETONS } from '#common/constants.ts';
import type { Agent } from '#common/types.ts';
import { SkeletonGrid } from '#app/components/ui/skeleton.tsx';

/**
 * The person's own agents (their profile) as they load: placeholders, then a failure,
 * what the page says when there are none (`empty`), or the list the page draws.
 */
export function MyAgentsState({
  agents,
  empty,
  children,
}: {
  agents: UseQueryResult<Agent[]>;
  empty: ReactNode;
  children: (list: Agent[]) => ReactNode;
}) {
  if (agents.isPending)
    return (
      <SkeletonGrid
        count={SKELETONS.categoryBrowse}
        label="Loading your agents"
        className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      />
    );
  if (agents.isError)
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        Error loading your agents. Please try again later.
      </p>
    );
  return agents.data.length === 0 ? empty : children(agents.data);
}
