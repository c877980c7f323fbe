import { describe, expect, it } from 'vitest';
import { NAME_MAX } from '#common/constants.ts';
import { ideaPrefill } from './prefill';

describe('a proposal started from an empty search', () => {
  it('names the idea after the words and starts its description with them', () => {
    expect(ideaPrefill('  invoice   chaser for dentists ')).toEqual({
      name: 'Invoice chaser for dentists',
      description: 'I searched for “invoice chaser for dentists” and found no agent that does it. It should ',
    });
  });

  it('keeps the name within its limit, and is nothing without words', () => {
    expect(ideaPrefill('a'.repeat(500))!.name).toHaveLength(NAME_MAX);
    expect(ideaPrefill('   ')).toBeNull();
    expect(ideaPrefill(null)).toBeNull();
  });
});
