import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  agentSchema,
  anonymousProposalSchema,
  firstIssue,
  internalEmailError,
  loginSchema,
  parseFeatures,
  purchaseSchema,
  registerSchema,
  reviewSchema,
  signedInProposalSchema,
} from './validation';

const message = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? null : firstIssue(result.issues);
};

describe('docs/product.md#validation messages', () => {
  it('login and register', () => {
    expect(message(loginSchema, { username: 'ab', password: 'secret1' })).toBe(
      'Username must be at least 3 characters',
    );
    expect(message(loginSchema, { username: 'alice', password: '12345' })).toBe(
      'Password must be at least 6 characters',
    );
    expect(message(registerSchema, { username: 'alice', email: 'nope', password: 'secret1' })).toBe(
      'Please enter a valid email',
    );
    expect(message(registerSchema, { username: 'alice', email: 'A@Example.com', password: 'secret1' })).toBeNull();
  });

  it('internal sign-in needs the staff domain', () => {
    expect(internalEmailError('me@gmail.com', 'example.cc')).toBe('Internal login requires a example.cc email address');
    expect(internalEmailError('Me@Example.CC', 'example.cc')).toBeNull();
  });

  it('proposals for visitors and signed-in users', () => {
    const ok = {
      name: 'Invoice bot',
      description: 'Reads invoices and files them.',
      proposerName: 'Ann',
      proposerEmail: 'ann@example.com',
    };
    expect(message(anonymousProposalSchema, ok)).toBeNull();
    expect(message(anonymousProposalSchema, { ...ok, name: '  ' })).toBe('Agent name is required');
    expect(message(anonymousProposalSchema, { ...ok, name: 'x'.repeat(101) })).toBe(
      'Agent name must be less than 100 characters',
    );
    expect(message(anonymousProposalSchema, { ...ok, description: 'short' })).toBe(
      'Description must be at least 10 characters',
    );
    expect(message(anonymousProposalSchema, { ...ok, description: 'x'.repeat(1001) })).toBe(
      'Description must be less than 1000 characters',
    );
    expect(message(anonymousProposalSchema, { ...ok, proposerEmail: 'bad' })).toBe(
      'Please enter a valid email address',
    );
    expect(message(anonymousProposalSchema, { ...ok, proposerName: '' })).toBe('Your name is required');
    expect(message(anonymousProposalSchema, { ...ok, proposerName: 'x'.repeat(101) })).toBe(
      'Your name must be less than 100 characters',
    );
    expect(message(signedInProposalSchema, { ...ok, proposerName: 'x'.repeat(101) })).toBe(
      'Your name must be less than 100 characters',
    );
    expect(message(signedInProposalSchema, { name: ok.name, description: ok.description })).toBeNull();
  });

  it('agent creation', () => {
    const ok = { name: 'Agent', description: 'Does useful things.', categoryId: 1 };
    expect(v.parse(agentSchema, ok)).toMatchObject({ creditCost: 3, departmentId: 0, features: [] });
    expect(message(agentSchema, { ...ok, name: 'ab' })).toBe('Name must be at least 3 characters');
    expect(message(agentSchema, { ...ok, categoryId: 0 })).toBe('Please select a category');
    expect(message(agentSchema, { ...ok, creditCost: 0 })).toBe('Minimum credit cost is 1');
    expect(message(agentSchema, { ...ok, creditCost: '101' })).toBe('Maximum credit cost is 100');
    expect(message(agentSchema, { ...ok, externalUrl: 'javascript:alert(1)' })).toMatch(/valid URL/);
  });

  it('reviews are whole numbers from 1 to 5, default 5', () => {
    expect(v.parse(reviewSchema, { agentId: 1 })).toMatchObject({ rating: 5 });
    expect(message(reviewSchema, { agentId: 1, rating: 6 })).toMatch(/1 to 5/);
    expect(message(reviewSchema, { agentId: 1, rating: 4.5 })).toMatch(/1 to 5/);
    expect(message(reviewSchema, { agentId: 0, rating: 4 })).toBe('Please choose an agent to review');
  });

  it('purchases start at 50 credits', () => {
    expect(message(purchaseSchema, { amount: 49 })).toBe('Minimum purchase is 50 credits');
    expect(message(purchaseSchema, { amount: '50' })).toBeNull();
  });
});

describe('parseFeatures', () => {
  it('reads lists, JSON lists and plain text', () => {
    expect(parseFeatures(['a', ' ', 'b'])).toEqual(['a', 'b']);
    expect(parseFeatures('["x","y"]')).toEqual(['x', 'y']);
    expect(parseFeatures('[not json')).toEqual(['[not json']);
    expect(parseFeatures('Just one')).toEqual(['Just one']);
    expect(parseFeatures(null)).toEqual([]);
  });
});
