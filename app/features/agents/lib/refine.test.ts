import { describe, expect, it } from 'vitest';
import type { Agent } from '#common/types.ts';
import { hasRefinements, refineAgents } from './refine';

const agent = (id: number, averageRating: number, creditCost: number, isFeatured: boolean) =>
  ({ id, averageRating, creditCost, isFeatured }) as Agent;
const agents = [agent(1, 4.6, 5, true), agent(2, 3.9, 12, false), agent(3, 4.1, 50, true)];

describe('refineAgents', () => {
  it('keeps everything without refinements', () => {
    expect(hasRefinements({})).toBe(false);
    expect(refineAgents(agents, {})).toHaveLength(3);
  });

  it('applies minimum rating, maximum cost and featured together', () => {
    expect(refineAgents(agents, { minRating: 4 }).map((a) => a.id)).toEqual([1, 3]);
    expect(refineAgents(agents, { maxCost: 12 }).map((a) => a.id)).toEqual([1, 2]);
    expect(refineAgents(agents, { featuredOnly: true, maxCost: 10 }).map((a) => a.id)).toEqual([1]);
    expect(hasRefinements({ featuredOnly: true })).toBe(true);
  });
});
