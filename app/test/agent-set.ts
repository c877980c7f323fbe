import type { Agent } from '#common/types.ts';

/**
 * A deterministic catalogue of `count` agents for search tests and the offline search bench: names,
 * descriptions, departments (some with accents) and features made from word lists, plus the few
 * agents the tests look for by name.
 */
const ADJECTIVES = [
  'Swift',
  'Smart',
  'Quiet',
  'Bright',
  'Lean',
  'Bold',
  'Clever',
  'Steady',
  'Rapid',
  'Keen',
  'Nimble',
  'Sharp',
];
const NOUNS = [
  'Ledger',
  'Scout',
  'Pilot',
  'Writer',
  'Planner',
  'Analyst',
  'Tracker',
  'Helper',
  'Broker',
  'Curator',
  'Mentor',
  'Keeper',
];
const TASKS = [
  'drafts replies to customer emails',
  'chases unpaid invoices politely',
  'summarises long meetings',
  'qualifies inbound sales leads',
  'plans social media calendars',
  'screens job applications',
  'reviews supplier contracts',
  'forecasts monthly cash flow',
  'tags support tickets by urgency',
  'writes product descriptions',
  'books travel within policy',
  'answers questions about the handbook',
  'monitors competitor prices',
  'prepares board reports',
  'translates help centre articles',
  'cleans up duplicate contacts',
  'schedules delivery routes',
  'checks expense receipts',
  'drafts press releases',
  'audits website accessibility',
  'onboards new hires',
  'predicts customer churn',
  'reconciles payroll runs',
  'tracks warehouse stock',
  'writes test cases from tickets',
  'collects survey feedback',
  'matches freelancers to projects',
  'flags suspicious payments',
  'builds weekly sales dashboards',
  'moderates community posts',
];
const DEPARTMENTS = [
  'Marketing',
  'Sales',
  'Finance',
  'Operations',
  'HR',
  'IT',
  'Customer Service',
  'Légal',
  'Research',
  'Design',
];
const FEATURES = [
  'CRM sync',
  'Slack alerts',
  'Weekly digest',
  'PDF export',
  'Multi-language',
  'Calendar sync',
  'Audit trail',
  'Bookkeeping rules',
];

export const FIXED_AGENTS: Array<Pick<Agent, 'name' | 'description'> & Partial<Agent>> = [
  {
    name: 'Invoice Reconciler',
    description: 'Matches bank statement lines to open invoices.',
    businessDepartment: 'Finance',
    features: ['Bank feeds'],
  },
  {
    name: 'Café Menu Planner',
    description: 'Plans a week of menus for a small café from what is in stock.',
    businessDepartment: 'Operations',
    features: ['Stock import'],
  },
  {
    name: 'Resume Screener',
    description: 'Ranks applicants against the job’s must-haves.',
    businessDepartment: 'HR',
    features: ['Bias check'],
  },
];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

export function agentOf(id: number, fields: Pick<Agent, 'name' | 'description'> & Partial<Agent>): Agent {
  return {
    id,
    hoaId: null,
    agentCode: null,
    slug: null,
    label: null,
    longDescription: null,
    features: [],
    videoUrl: null,
    imageUrl: null,
    thumbnailUrl: null,
    externalUrl: null,
    categoryId: 1,
    departmentId: 1,
    creatorId: null,
    averageRating: 4,
    rating: 4,
    voteCount: 10,
    viewCount: 0,
    isFeatured: false,
    isTrending: false,
    isPremium: false,
    creditCost: 3,
    credits: 3,
    businessCategory: null,
    businessDepartment: null,
    categoryName: null,
    creatorUsername: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    recentTries: 0,
    whatsNewAt: null,
    health: null,
    ...fields,
  };
}

export function agentSet(count: number): Agent[] {
  const agents = FIXED_AGENTS.map((fields, i) => agentOf(i + 1, fields));
  for (let i = agents.length; i < count; i++) {
    const department = pick(DEPARTMENTS, i * 7);
    agents.push(
      agentOf(i + 1, {
        name: `${pick(ADJECTIVES, i)} ${pick(NOUNS, Math.floor(i / ADJECTIVES.length))} ${i}`,
        description: `An assistant that ${pick(TASKS, i * 3)} and ${pick(TASKS, i * 5 + 1)} for ${department.toLowerCase()} teams.`,
        businessDepartment: department,
        businessCategory: pick(['Business', 'Development', 'Finance', 'Sales'], i),
        features: [pick(FEATURES, i), pick(FEATURES, i + 3)],
        averageRating: (i % 50) / 10,
      }),
    );
  }
  return agents;
}
