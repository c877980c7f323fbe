import { Link } from 'wouter';
import type { Agent } from '#common/types.ts';

/** A landing card's link to the agent's page; it stretches over the card (card-link). */
export function ViewDetailsLink({ agent, className }: { agent: Agent; className: string }) {
  return (
    <Link href={`/agent/${agent.id}`} className={`card-link ${className}`} aria-label={`View Details of ${agent.name}`}>
      View Details
    </Link>
  );
}
