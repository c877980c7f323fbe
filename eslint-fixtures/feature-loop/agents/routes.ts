// agents mounts ratings' routes…
import { agentRatingsRoutes } from '../ratings/index.ts';

export const agentsRoutes = [agentRatingsRoutes];
