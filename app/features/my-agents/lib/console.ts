import type { Agent } from '#common/types.ts';

/** Where an agent stands with the marketplace: listed, or hidden by moderators (docs/decisions/0025). */
export const listingStatus = (agent: Pick<Agent, 'hiddenByModerators'>): 'Listed' | 'Hidden by moderators' =>
  agent.hiddenByModerators ? 'Hidden by moderators' : 'Listed';

/** The edit form of an agent, and its Insights in the console. */
export const editHref = (agentId: number) => `/submit-agent?edit=${agentId}`;
export const insightsHref = (agentId: number) => `/my-agents?tab=insights&agent=${agentId}`;
