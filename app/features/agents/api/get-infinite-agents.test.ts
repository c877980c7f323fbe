import { describe, expect, it } from 'vitest';
import type { Agent } from '#common/types.ts';
import { flattenAgentPages, nextOffset } from './get-infinite-agents';

const a = (id: number) => ({ id }) as Agent;

describe('paged agent lists', () => {
  it('asks for the next offset until the total is reached', () => {
    expect(nextOffset({ items: [a(1), a(2)], total: 5, offset: 0 })).toBe(2);
    expect(nextOffset({ items: [a(5)], total: 5, offset: 4 })).toBeUndefined();
    // An empty page ends paging even if the total claims more (rows deleted meanwhile).
    expect(nextOffset({ items: [], total: 9, offset: 6 })).toBeUndefined();
  });

  it('flattens pages, keeps the first copy of a shifted agent and the latest total', () => {
    const data = {
      pages: [
        { items: [a(1), a(2)], total: 4, offset: 0 },
        { items: [a(2), a(3)], total: 5, offset: 2 },
      ],
      pageParams: [0, 2],
    };
    expect(flattenAgentPages(data)).toEqual({ agents: [a(1), a(2), a(3)], total: 5 });
    expect(flattenAgentPages(undefined)).toEqual({ agents: [], total: 0 });
  });
});
