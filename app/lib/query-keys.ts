import type { CreatorSort } from '#common/creators.ts';
import type { CatalogListParams } from '#common/ssr.ts';
import type { ReviewSort } from '#common/types.ts';

/**
 * Every query key of the app, in one place: features read and invalidate each other's data through
 * these (never through literals), and the server renderer fills the same keys (app/ssr/).
 */
/** A listing's parameters: the same ones the server renderer answers (common/ssr.ts). */
export type AgentListParams = CatalogListParams;

/** Agents; persisted and invalidated by these prefixes. */
export const agentKeys = {
  all: ['agents'] as const,
  lists: () => [...agentKeys.all, 'list'] as const,
  list: (params: AgentListParams) => [...agentKeys.lists(), params] as const,
  /** Paged ("Load More") listings; `limit` is the page size. */
  infinite: (params: Omit<AgentListParams, 'offset'>) => [...agentKeys.lists(), 'pages', params] as const,
  search: (q: string) => [...agentKeys.all, 'search', q] as const,
  byCreator: (userId: number) => [...agentKeys.all, 'creator', userId] as const,
  details: () => [...agentKeys.all, 'detail'] as const,
  detail: (id: number) => [...agentKeys.details(), id] as const,
  ratings: (id: number) => [...agentKeys.all, 'ratings', id] as const,
  /**
   * An agent's 'What's new' notes (docs/decisions/0043), as of its latest note's time: a newer note
   * on the agent is a new key, so the notes are never older than the agent they are shown with.
   */
  changes: (id: number, whatsNewAt: string) => [...agentKeys.all, 'changes', id, whatsNewAt] as const,
};

/** Searches of what this device holds (offline search: docs/decisions/0027); never persisted. */
export const deviceSearchKeys = {
  all: ['device-search'] as const,
  search: (q: string, limit: number) => [...deviceSearchKeys.all, q, limit] as const,
};

/** Ratings (reviews), by agent. */
export const ratingKeys = {
  all: ['ratings'] as const,
  /** Everything about one agent's reviews: invalidated together after any change. */
  byAgent: (agentId: number) => [...ratingKeys.all, 'agent', agentId] as const,
  /** Paged ('Show more') reviews in one order. */
  pages: (agentId: number, sort: ReviewSort) => [...ratingKeys.byAgent(agentId), 'pages', sort] as const,
  /** The histogram and the viewer's own review (per viewer: 0 for visitors). */
  summary: (agentId: number, viewerId: number) => [...ratingKeys.byAgent(agentId), 'summary', viewerId] as const,
};

/** Admins' totals and support's view of people (docs/decisions/0029): private, dropped at logout. */
export const adminKeys = {
  all: ['admin'] as const,
  totals: (from: string, to: string) => [...adminKeys.all, 'totals', from, to] as const,
  people: (q: string) => [...adminKeys.all, 'people', q] as const,
  history: (userId: number) => [...adminKeys.all, 'history', userId] as const,
};

/** The moderation queue is operators' private data, dropped at logout. */
export const moderationKeys = {
  all: ['moderation'] as const,
  queue: (view: 'open' | 'hidden', limit: number) => [...moderationKeys.all, 'queue', view, limit] as const,
  /** What of an agent's page the signed-in person has reported (still open): private like the queue. */
  mine: (agentId: number) => [...moderationKeys.all, 'mine', agentId] as const,
};

export const categoryKeys = {
  all: ['categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
  detail: (id: number) => [...categoryKeys.all, 'detail', id] as const,
};

export const departmentKeys = {
  all: ['departments'] as const,
  list: () => [...departmentKeys.all, 'list'] as const,
};

export const sessionKeys = { session: ['auth', 'session'] as const };

export const agentFormKeys = {
  create: ['agents', 'create'] as const,
  update: ['agents', 'update'] as const,
};

/** Credit data is private: everything under 'credits' is dropped at logout. */
export const creditKeys = {
  all: ['credits'] as const,
  transactions: () => [...creditKeys.all, 'transactions'] as const,
  receipt: (id: string) => [...creditKeys.all, 'receipt', id] as const,
};

/** Under 'my-agents' so the list is dropped at logout with the rest of the private data. */
export const myAgentsKeys = {
  all: ['my-agents'] as const,
  list: (userId: number) => [...myAgentsKeys.all, 'list', userId] as const,
  /** The creator's console: their agents with tries and earnings in 30 days, and totals (docs/decisions/0043). */
  console: () => [...myAgentsKeys.all, 'console'] as const,
  /** The creator's earnings and their agents' insights (docs/decisions/0029): private like the list. */
  earnings: () => [...myAgentsKeys.all, 'earnings'] as const,
  /** Where payouts go and the payouts made (docs/decisions/0029, '## Payouts'). */
  payoutAccount: () => [...myAgentsKeys.all, 'payout-account'] as const,
  payouts: () => [...myAgentsKeys.all, 'payouts'] as const,
  /** The months of the creator's statements. */
  statements: () => [...myAgentsKeys.all, 'statements'] as const,
  insights: (agentId: number, days: number, utcOffset: number) =>
    [...myAgentsKeys.all, 'insights', agentId, days, utcOffset] as const,
};

export const paymentKeys = {
  all: ['payments'] as const,
  sandbox: (id: string) => [...paymentKeys.all, 'sandbox', id] as const,
  createCheckout: () => [...paymentKeys.all, 'create-checkout'] as const,
};

/** One page of the operators' inbox: no status lists every proposal. */
export interface ProposalInboxParams {
  status?: 'new' | 'reviewed';
  limit: number;
  offset: number;
}

/** Keys for proposals. The inbox is operators' private data, dropped at logout. */
export const proposalKeys = {
  all: ['proposals'] as const,
  inboxes: () => [...proposalKeys.all, 'inbox'] as const,
  inbox: (params: ProposalInboxParams) => [...proposalKeys.inboxes(), params] as const,
  create: () => [...proposalKeys.all, 'create'] as const,
};

/** Query and mutation keys for users; public profiles are not private data. */
export const userKeys = {
  all: ['users'] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
  update: () => [...userKeys.all, 'update'] as const,
  ensureMinimumCredits: () => ['admin', 'ensure-minimum-credits'] as const,
};

/** Creators' public pages (docs/decisions/0028); usernames compare without case. */
export const creatorKeys = {
  all: ['creators'] as const,
  page: (username: string, sort: CreatorSort) => [...creatorKeys.all, 'page', username.toLowerCase(), sort] as const,
};

/** Whom the signed-in person follows: private, dropped at logout. */
export const followKeys = {
  all: ['follows'] as const,
  list: () => [...followKeys.all, 'list'] as const,
  agents: () => [...followKeys.all, 'agents'] as const,
  state: (username: string) => [...followKeys.all, 'state', username.toLowerCase()] as const,
};

/** /saved as the server drew it from the device's cookie (docs/decisions/0036): hydrated, never fetched by the browser. */
export const savedKeys = {
  served: ['saved-agents', 'served'] as const,
  /** The ids a signed-in person's list holds, as the server drew the page for them: Save pressed in the HTML (docs/decisions/0044). */
  account: ['saved-agents', 'account'] as const,
};

/**
 * What can act for the account (Settings, 'Where you are signed in': docs/decisions/0038): its
 * browsers, its personal API tokens (docs/decisions/0030) and the apps connected through OAuth
 * (docs/decisions/0042). Private and only useful online: never saved for offline use, forgotten when
 * Settings goes.
 */
export const accessKeys = {
  all: ['account-access'] as const,
  sessions: () => [...accessKeys.all, 'sessions'] as const,
  tokens: () => [...accessKeys.all, 'tokens'] as const,
  connections: () => [...accessKeys.all, 'connections'] as const,
  /** The consent screen's request (/authorize's query), as the server read it: never saved. */
  consent: (query: string) => [...accessKeys.all, 'consent', query] as const,
};
