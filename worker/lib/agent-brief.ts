// An agent as a program reads it in a list (docs/decisions/0042): the MCP tools and the A2A answers
// give the same fields, so an assistant meets one shape whichever way it asks.
import type { Agent } from '#common/types.ts';

/** The agent's page, which a person can open. */
export const agentPage = (origin: string, a: Agent) => `${origin}/agents/${a.id}`;

/** An agent in a list: small, with the link a person can open. */
export const agentBrief = (origin: string, a: Agent) => ({
  id: a.id,
  name: a.name,
  description: a.description,
  creditCost: a.creditCost,
  averageRating: a.averageRating,
  reviews: a.voteCount,
  category: a.businessCategory ?? a.categoryName,
  page: agentPage(origin, a),
});
