import { describe, expect, it } from 'vitest';
import { formatRating, plural, popularityScore } from './format';

describe('format', () => {
  it('rounds ratings to one decimal', () => {
    expect(formatRating(4.25)).toBe('4.3');
    expect(formatRating(0)).toBe('0.0');
  });

  it('scores popularity as rating times votes, votes counted as 1 when zero', () => {
    expect(popularityScore({ averageRating: 4, voteCount: 0 })).toBe(4);
    expect(popularityScore({ averageRating: 4, voteCount: 10 })).toBe(40);
  });

  it('pluralises counts', () => {
    expect(plural(1, 'agent')).toBe('1 agent');
    expect(plural(1200, 'agent')).toBe('1,200 agents');
  });
});
