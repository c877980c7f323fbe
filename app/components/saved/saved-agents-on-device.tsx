import { Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { useOnline } from '#app/hooks/use-online.ts';
import { useSavedAgents } from '#app/hooks/use-saved-agents.ts';
import { useSignedInUserId } from '#app/hooks/use-signed-in-user-id.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { formatDateTime, plural } from '#app/lib/format.ts';
import { setSaved } from '#app/lib/saved-sync.ts';
import { Button } from '#app/components/ui/button.tsx';

/**
 * Settings, On this device: the saved agents, apart from the cache (its bound and 'Clear saved data'
 * never touch them), each with what is kept of it and a Remove button (docs/decisions/0027).
 */
export function SavedAgentsOnDevice() {
  const saved = useSavedAgents();
  const userId = useSignedInUserId();
  const online = useOnline();
  const remove = (index: number) => {
    const record = saved?.[index];
    if (!record) return;
    setSaved(record.agent, false, { signedIn: userId !== null, online }).catch((error: unknown) =>
      toast({
        title: 'Could not remove this agent',
        description: error instanceof Error ? error.message : 'Please try again.',
        variant: 'destructive',
      }),
    );
  };
  return (
    <div>
      <h3 className="font-medium">Saved agents</h3>
      <p className="mt-1 text-sm text-slate-600">
        {saved === undefined
          ? 'Reading saved agents...'
          : saved.length === 0
            ? 'No saved agents. Tap Save on an agent to keep it, with its reviews, for reading offline.'
            : `${plural(saved.length, 'agent')} kept with ${saved.length === 1 ? 'its' : 'their'} reviews until you remove ${saved.length === 1 ? 'it' : 'them'}, whatever else is cleared.`}
      </p>
      {saved && saved.length > 0 && (
        <ul aria-label="Saved agents on this device" className="mt-3 grid gap-2">
          {saved.map((record, i) => (
            <li
              key={record.id}
              aria-label={record.agent.name}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 text-sm"
            >
              <span className="min-w-0">
                <Link
                  href={`/agents/${record.id}`}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {record.agent.name}
                </Link>
                <span className="block text-slate-600">
                  Saved {formatDateTime(record.savedAt)}
                  {record.ratings ? `, ${plural(record.ratings.length, 'review')} kept` : ''}
                </span>
              </span>
              <Button size="sm" variant="ghost" aria-label={`Remove ${record.agent.name}`} onClick={() => remove(i)}>
                <Trash2 aria-hidden className="size-4" /> Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
