// Linted as app/features/ratings/app-cross-feature.tsx: another feature of the app.
import { AgentCard } from '#app/features/agents/components/agent-card.tsx';

export const Card = AgentCard;
