// Linted as worker/lib/lib-imports-feature.ts: lib importing a feature.
import { listAgents } from '#worker/features/agents/index.ts';

export const list = listAgents;
