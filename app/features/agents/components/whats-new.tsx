import type { AgentChange } from '#common/api-schemas.ts';
import type { Agent } from '#common/types.ts';
import { LocalTime } from '#app/components/ui/local-time.tsx';
import { useAgentChanges } from '#app/features/agents/api/get-agent-changes.ts';
import { WHATS_NEW_ID } from '#app/features/agents/lib/stats.ts';

function Change({ change }: { change: AgentChange }) {
  return (
    <li className="flex flex-col gap-1">
      <LocalTime value={change.createdAt} className="text-sm font-medium text-slate-600" />
      <p className="whitespace-pre-line break-words text-slate-800">{change.note}</p>
    </li>
  );
}

/**
 * 'What's new': the agent's changelog, the notes its creator's edits carried (docs/decisions/0043),
 * latest first. The latest is shown; the rest open under 'Show all N changes', a <details> that
 * works before the app starts. In the server's HTML (app/entry-server.tsx asks for the notes);
 * nothing at all for an agent without a note.
 */
export function WhatsNew({ agent }: { agent: Pick<Agent, 'id' | 'whatsNewAt'> }) {
  const changes = useAgentChanges(agent).data;
  if (!changes || changes.length === 0) return null;
  const [latest, ...earlier] = changes;
  return (
    <section
      id={WHATS_NEW_ID}
      aria-labelledby="whats-new-heading"
      className="rounded-xl border border-brand-100 bg-brand-50/50 p-4 sm:p-5"
    >
      <h2 id="whats-new-heading" className="text-lg font-semibold text-slate-900">
        What&apos;s new
      </h2>
      <ol className="mt-2">
        <Change change={latest!} />
      </ol>
      {earlier.length > 0 && (
        <details className="group mt-2">
          <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md text-sm font-medium text-brand-700 hover:text-brand-800">
            <span className="group-open:hidden">Show all {changes.length} changes</span>
            <span className="hidden group-open:inline">Show the latest only</span>
          </summary>
          <ol aria-label="Earlier changes" className="mt-2 flex flex-col gap-4 border-t border-brand-100 pt-4">
            {earlier.map((change) => (
              <Change key={change.id} change={change} />
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}
