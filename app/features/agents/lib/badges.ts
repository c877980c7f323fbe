/**
 * An agent's category and department as badges, in one order everywhere (category, then
 * department), and one badge when the two name the same thing: 'Human Resources' and 'HR',
 * 'Customer Support' and 'Customer Service' (docs/decisions/0043). Creators type their business
 * category and department freely, so the same team comes spelt many ways.
 */

/** Names of one team, as `badgeKey` writes them: the first is the group's key. */
const SAME_TEAM: readonly (readonly string[])[] = [
  ['human resources', 'hr', 'people', 'people operations', 'people ops', 'personnel', 'talent'],
  ['customer support', 'customer service', 'customer services', 'customer care', 'customer success', 'support', 'cs'],
  ['information technology', 'it', 'it operations'],
  ['engineering', 'development', 'software development', 'software engineering', 'dev'],
  ['research and development', 'r and d', 'rnd'],
  ['operations', 'ops', 'business operations'],
  ['marketing', 'mktg'],
  ['finance', 'finance and accounting', 'accounting and finance'],
  ['legal', 'legal and compliance', 'law'],
  ['data and analytics', 'data', 'analytics', 'data analytics', 'business intelligence', 'bi'],
  ['product', 'product management'],
  ['procurement', 'purchasing', 'sourcing'],
];

const GROUP = new Map<string, string>(SAME_TEAM.flatMap((names) => names.map((name) => [name, names[0]!] as const)));

/** Words that say nothing of which team it is ('Marketing Team', 'Sales Department'). */
const FILLER = new Set(['department', 'dept', 'team', 'teams']);

/**
 * What a badge means, for comparing two: lower case, '&' as 'and', punctuation and filler words
 * dropped, then a synonym or abbreviation replaced by its group's name. '' for nothing.
 */
export function badgeKey(name: string | null | undefined): string {
  const words = (name ?? '')
    .toLowerCase()
    // 'H.R.' is 'HR'.
    .replace(/\./g, '')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((word) => word && !FILLER.has(word))
    .join(' ');
  return GROUP.get(words) ?? words;
}

/** Whether two badges name the same thing. */
export const sameBadge = (a: string | null | undefined, b: string | null | undefined): boolean => {
  const key = badgeKey(a);
  return key !== '' && key === badgeKey(b);
};

export interface AgentBadges {
  /** The category, or the one badge both name (in its fuller spelling). */
  category: string | null;
  /** The department, when it says something the category does not. */
  department: string | null;
}

/**
 * The badges to show, category first. When both name the same thing, one badge in the fuller of the
 * two spellings ('Human Resources', not 'HR'). Neither given: the department 'General'.
 */
export function agentBadges(agent: {
  businessCategory: string | null;
  businessDepartment: string | null;
}): AgentBadges {
  const category = agent.businessCategory?.trim() || null;
  const department = agent.businessDepartment?.trim() || null;
  if (!category) return { category: null, department: department ?? 'General' };
  if (!department) return { category, department: null };
  if (!sameBadge(category, department)) return { category, department };
  return { category: department.length > category.length ? department : category, department: null };
}
