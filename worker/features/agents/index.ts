// The agents feature's public file: what other features may use of it (docs/decisions/0034).
// Anything not exported here is the feature's own.
export { catalogAgentsByIds, getCatalogAgent, getProviderAgent, listCatalog } from './catalog';
export { mergedCatalog } from './provider-catalog';
export { AGENT_SELECT, agentQuery, listAgents, maySeeHidden, parseSort, toAgent } from './data';
export type { AgentRowRaw } from './data';
export { PRIOR_SQL, SCORE_PRIOR_SQL, agentOrderSql, dampedAverage, dampedSql } from './ranking';
export { agentChangesOf, agentOwner, agentPictures, setAgentPictures } from './write';
