import type { Agent } from '#common/types.ts';

/** Discover's "More Filters" that the list endpoint has no parameter for. */
export interface Refinements {
  minRating?: number;
  maxCost?: number;
  featuredOnly?: boolean;
}

export const hasRefinements = (r: Refinements): boolean => Boolean(r.minRating || r.maxCost || r.featuredOnly);

export const refineAgents = (agents: Agent[], r: Refinements): Agent[] =>
  agents.filter(
    (a) =>
      (!r.minRating || a.averageRating >= r.minRating) &&
      (!r.maxCost || a.creditCost <= r.maxCost) &&
      (!r.featuredOnly || a.isFeatured),
  );
