import { Bookmark, Search } from 'lucide-react';
import { SKELETONS } from '#common/constants.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { SkeletonGrid } from '#app/components/ui/skeleton.tsx';
import { AgentList } from '#app/features/agents/components/agent-list.tsx';
import { useSession } from '#app/features/auth/api/get-session.ts';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { useOnline } from '#app/hooks/use-online.ts';
import { useSavedAgents } from '#app/hooks/use-saved-agents.ts';
import { plural } from '#app/lib/format.ts';

/**
 * Saved (/saved): the agents the person saved, newest first, with their pictures, ratings and costs,
 * read from this device (so offline too); signed in, merged with their list on every device
 * (docs/decisions/0027). A card's Save button removes it.
 */
export default function SavedPage() {
  useDocumentTitle('Saved agents');
  const saved = useSavedAgents();
  const { user } = useSession();
  const online = useOnline();

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Saved agents</h1>
      <p className="mt-1 text-slate-600">
        {saved && saved.length > 0 ? `${plural(saved.length, 'agent')} ` : 'Agents you save '}
        {user ? 'kept on this device for offline use and on your account for your other devices.' : 'kept on this device, readable with no signal. Sign in to have them on your other devices too.'}
      </p>
      {!online && <p className="mt-2 text-sm text-slate-600">You are offline: these are the copies saved on this device.</p>}

      <div className="mt-8">
        {saved === undefined ? (
          <SkeletonGrid count={SKELETONS.categoryBrowse} label="Loading your saved agents" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" />
        ) : saved.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <Bookmark aria-hidden className="size-12 text-slate-400" />
            <h2 className="mt-4 text-xl font-semibold">No saved agents yet</h2>
            <p className="mt-2 max-w-md text-slate-600">Tap Save on any agent to keep it here: its details and reviews stay readable on this device, even with no signal.</p>
            <ButtonLink href="/agents" className="mt-6">
              <Search aria-hidden className="size-4" /> Browse agents
            </ButtonLink>
          </div>
        ) : (
          <AgentList agents={saved.map((record) => record.agent)} label="Saved agents" />
        )}
      </div>
    </div>
  );
}
