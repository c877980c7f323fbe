import type { Agent } from '#common/types.ts';
import { useLocalTime } from '#app/components/ui/local-time.tsx';

const LOOKS = {
  up: { text: 'Up', pill: 'bg-emerald-50 text-emerald-800', dot: 'bg-emerald-600' },
  slow: { text: 'Slow', pill: 'bg-amber-50 text-amber-900', dot: 'bg-amber-500' },
  down: { text: 'Not responding', pill: 'bg-red-50 text-red-800', dot: 'bg-red-600' },
} as const;

/**
 * Whether the agent's own address answers, from the hourly check (docs/decisions/0043): 'Up', 'Slow'
 * or 'Not responding since <date>', in words as well as colour. Nothing before the first check or
 * for an agent without an address (`health` null). One label for the agent page, the cards and the
 * creator's console, so they never word it differently. On one line, cut short when there is no room
 * (a card's line of stats), unless `wrap` (the console, where the date must show whole).
 */
export function HealthStatus({
  health,
  wrap = false,
  className = '',
}: {
  health: Agent['health'];
  wrap?: boolean;
  className?: string;
}) {
  const since = useLocalTime(health?.since);
  if (!health) return null;
  const look = LOOKS[health.status];
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 font-medium ${look.pill} ${className}`}>
      <span aria-hidden className={`size-2 shrink-0 rounded-full ${look.dot}`} />
      <span className={wrap ? 'min-w-0' : 'truncate'}>
        <span className="sr-only">Status: </span>
        {look.text}
        {health.status === 'down' && since && ` since ${since}`}
      </span>
    </span>
  );
}
