/**
 * The operators' pages (docs/product.md#roles): the tabs that join them and the frame each is drawn
 * in (OperatorPage) read their title, who may open them and what they say here.
 */
export const OPERATOR_PAGES = [
  {
    href: '/proposals',
    title: 'Proposals inbox',
    adminOnly: false,
    lead: 'Agent ideas sent by visitors and users. We promise a review within 2-3 business days.',
    leadClassName: 'mb-8',
    denied: 'The proposals inbox is for staff and admins. To suggest an agent yourself, use Propose Agent.',
    instead: { href: '/propose-agent', label: 'Propose an Agent' },
  },
  {
    href: '/moderation',
    title: 'Moderation queue',
    adminOnly: false,
    lead: 'Reported reviews and agents. A hidden item disappears from every public list, search and count until restored.',
    denied: 'The moderation queue is for staff and admins. To report a review or an agent, use Report on it.',
  },
  // Money and people's histories: admins only (docs/decisions/0029).
  {
    href: '/finance',
    title: 'Totals',
    adminOnly: true,
    lead: 'What came in, what was spent and where it went, per UTC day.',
    denied: 'The totals are for admins.',
  },
  {
    href: '/support',
    title: 'Support',
    adminOnly: true,
    lead: 'Find a person by username or email, read their credit history and refund a paid try.',
    denied: 'Support is for admins.',
  },
] as const;

export type OperatorPath = (typeof OPERATOR_PAGES)[number]['href'];
