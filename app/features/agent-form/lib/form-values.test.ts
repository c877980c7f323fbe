import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { agentSchema } from '#common/validation.ts';
import { absoluteUrl, emptyAgentForm, formValuesToInput } from './form-values';

describe('agent form values', () => {
  it('turns one feature per line into a list', () => {
    const input = formValuesToInput({ ...emptyAgentForm, features: 'Fast\n\n  Accurate  \n' }, 'http://localhost');
    expect(input.features).toEqual(['Fast', 'Accurate']);
  });

  it('makes site-relative images absolute so the shared schema accepts them', () => {
    expect(absoluteUrl('/agents/x.webp', 'https://example.com')).toBe('https://example.com/agents/x.webp');
    expect(absoluteUrl('//evil.example/x', 'https://example.com')).toBe('//evil.example/x');
    expect(absoluteUrl('', 'https://example.com')).toBe('');
  });

  it('validates with the documented messages', () => {
    const result = v.safeParse(
      agentSchema,
      formValuesToInput({ ...emptyAgentForm, name: 'ab', description: 'short' }, 'http://localhost'),
    );
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Name must be at least 3 characters',
        'Description must be at least 10 characters',
        'Please select a category',
      ]),
    );
  });
});

describe('number fields', () => {
  const message = (over: Record<string, string>) => {
    const r = v.safeParse(
      agentSchema,
      formValuesToInput(
        { ...emptyAgentForm, name: 'Agent', description: 'Does useful things.', categoryId: '1', ...over },
        'http://x',
      ),
    );
    return r.success ? null : r.issues[0]?.message;
  };
  it('gives each its own message', () => {
    expect(message({ categoryId: '' })).toBe('Please select a category');
    expect(message({ creditCost: '0' })).toBe('Minimum credit cost is 1');
    expect(message({ creditCost: '101' })).toBe('Maximum credit cost is 100');
    expect(message({ creditCost: '' })).toBe('Credit cost must be a whole number');
    expect(message({ creditCost: '2.5' })).toBe('Credit cost must be a whole number');
    expect(message({})).toBeNull();
  });
});
