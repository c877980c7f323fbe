// …and ratings reads agents: a feature loop with no file cycle for import-x/no-cycle to find.
import { agentOwner } from '../agents/index.ts';

export const agentRatingsRoutes = [agentOwner];
