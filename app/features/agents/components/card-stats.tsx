import { Link } from 'wouter';
import type { Agent } from '#common/types.ts';
import { useLocalTime } from '#app/components/ui/local-time.tsx';
import { HealthStatus } from '#app/components/ui/health-status.tsx';
import { useHydrated } from '#app/hooks/use-hydrated.ts';
import { useSavedAgents } from '#app/hooks/use-saved-agents.ts';
import { changedSinceSaved } from '#app/lib/saved-agents.ts';
import { triesThisMonth, WHATS_NEW_ID } from '#app/features/agents/lib/stats.ts';

type CardAgent = Pick<Agent, 'id' | 'name' | 'whatsNewAt' | 'health' | 'recentTries'>;

/**
 * 'Updated <date>' on the card of an agent saved here (on this device or, merged in, the account)
 * whose creator has written a 'What's new' note since it was saved: a link to the note
 * (docs/decisions/0043). Only the browser knows what is saved, so it appears once the app runs (the
 * entry starts it at once when a card on the page has one to show: app/lib/app-start.ts).
 */
export function UpdatedMark({ agent }: { agent: CardAgent }) {
  const hydrated = useHydrated();
  const saved = useSavedAgents();
  const date = useLocalTime(agent.whatsNewAt);
  const record = hydrated ? saved?.find((entry) => entry.id === agent.id) : undefined;
  if (!changedSinceSaved(record, agent.whatsNewAt)) return null;
  return (
    // Above the card's stretched link, its target 24 px tall in a line of 20 (the margins take back the padding).
    <Link
      href={`/agents/${agent.id}#${WHATS_NEW_ID}`}
      className="relative z-10 -my-0.5 inline-flex min-h-6 shrink-0 items-center rounded-full bg-brand-600 px-2 font-semibold text-white hover:bg-brand-700"
    >
      <span className="sr-only">{agent.name}: </span>Updated {date}
    </Link>
  );
}

/**
 * A card's line of how the agent is doing: the saved mark, its health and its tries this month, each
 * left out when there is nothing to say. One line of fixed height whatever it holds: a card's every
 * row is (agent-card.tsx).
 */
export function CardStats({ agent }: { agent: CardAgent }) {
  const tries = triesThisMonth(agent.recentTries);
  return (
    <div className="flex h-5 min-w-0 items-center gap-2 whitespace-nowrap text-xs text-slate-600">
      <UpdatedMark agent={agent} />
      <HealthStatus health={agent.health} className="min-w-0" />
      {tries && <span className="min-w-0 truncate">{tries}</span>}
    </div>
  );
}
