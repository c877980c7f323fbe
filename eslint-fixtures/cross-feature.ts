// Linted as worker/features/saved/cross-feature.ts: another feature's internal file (refused) and its public file (allowed).
import { agentQuery } from '#worker/features/agents/data.ts';
import { listAgents } from '#worker/features/agents/index.ts';

export const both = [agentQuery, listAgents];
