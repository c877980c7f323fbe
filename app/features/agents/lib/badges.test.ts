import { describe, expect, it } from 'vitest';
import { agentBadges, badgeKey, sameBadge } from './badges';

const badges = (businessCategory: string | null, businessDepartment: string | null) =>
  agentBadges({ businessCategory, businessDepartment });

describe('badgeKey', () => {
  it('reads case, spaces, punctuation, "&" and filler words away', () => {
    expect(badgeKey('  Sales ')).toBe('sales');
    expect(badgeKey('Data & Analytics')).toBe('data and analytics');
    expect(badgeKey('Marketing Team')).toBe('marketing');
    expect(badgeKey('R&D')).toBe('research and development');
    expect(badgeKey('H.R.')).toBe('human resources');
    expect(badgeKey(null)).toBe('');
  });

  it('gives synonyms and abbreviations their group', () => {
    expect(badgeKey('HR')).toBe(badgeKey('Human Resources'));
    expect(badgeKey('People Ops')).toBe(badgeKey('Human Resources'));
    expect(badgeKey('Customer Service')).toBe(badgeKey('Customer Support'));
    expect(badgeKey('IT')).toBe(badgeKey('Information Technology'));
    expect(badgeKey('Engineering')).toBe(badgeKey('Development'));
  });
});

describe('sameBadge', () => {
  it('is true for the same team spelt two ways, false for two teams or nothing', () => {
    expect(sameBadge('HR', 'Human Resources')).toBe(true);
    expect(sameBadge('Customer Support', 'customer service')).toBe(true);
    expect(sameBadge('IT', 'Engineering')).toBe(false);
    expect(sameBadge('Marketing', 'Design')).toBe(false);
    expect(sameBadge('Research', 'Data & Analytics')).toBe(false);
    expect(sameBadge('', '')).toBe(false);
    expect(sameBadge(null, null)).toBe(false);
  });
});

describe('agentBadges', () => {
  it('shows the category, then the department', () => {
    expect(badges('Sales', 'Sales Ops')).toEqual({ category: 'Sales', department: 'Sales Ops' });
  });

  it('shows one badge, in the fuller spelling, when both name the same thing', () => {
    expect(badges('Human Resources', 'HR')).toEqual({ category: 'Human Resources', department: null });
    expect(badges('HR', 'Human Resources')).toEqual({ category: 'Human Resources', department: null });
    expect(badges('Customer Support', 'Customer Service')).toEqual({ category: 'Customer Support', department: null });
    expect(badges('Finance', 'finance')).toEqual({ category: 'Finance', department: null });
  });

  it('shows what there is, and "General" for nothing', () => {
    expect(badges(null, 'Legal')).toEqual({ category: null, department: 'Legal' });
    expect(badges(' ', 'Legal')).toEqual({ category: null, department: 'Legal' });
    expect(badges('Legal', null)).toEqual({ category: 'Legal', department: null });
    expect(badges(null, null)).toEqual({ category: null, department: 'General' });
  });
});
