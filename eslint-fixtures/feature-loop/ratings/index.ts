export { agentRatingsRoutes } from './routes.ts';
