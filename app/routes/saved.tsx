import { useLayoutEffect } from 'react';
import { Bookmark, Search } from 'lucide-react';
import { SKELETONS } from '#common/constants.ts';
import { InstallOffer } from '#app/components/pwa/install-button.tsx';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { SkeletonGrid } from '#app/components/ui/skeleton.tsx';
import { AgentList } from '#app/features/agents/components/agent-list.tsx';
import type { Agent } from '#common/types.ts';
import { useSession } from '#app/features/auth/api/get-session.ts';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { useHydrated } from '#app/hooks/use-hydrated.ts';
import { useOnline } from '#app/hooks/use-online.ts';
import { useAccountMerge, useSavedAgents, useServedSavedAgents } from '#app/hooks/use-saved-agents.ts';
import { LOADS_IN_APP } from '#app/lib/app-start.ts';
import { plural } from '#app/lib/format.ts';
import { refreshSavedAgents } from '#app/lib/saved-agents.ts';

/** Served lists already written to this device's copies: once each, never again over a newer copy. */
const refreshed = new WeakSet<Agent[]>();

/**
 * Saved (/saved): the agents the person saved, newest first, with their pictures, ratings and costs,
 * read from this device (so offline too); signed in, merged with their list on every device
 * (docs/decisions/0027). A card's Save button removes it.
 *
 * The server draws it from the ids the device's cookie names, with their data as it is now
 * (docs/decisions/0036), so a device that reads it need not start the app: until the device's own
 * list is read, that is the list shown, and it freshens the device's copies. The page's check before
 * the app (app/lib/app-start.ts) compares the ids drawn (`data-saved-ids`) with the device's and
 * starts the app when they differ; signed in, the list merges with the account's, so it starts too,
 * and the server draws the account's agents with the device's, so a new device shows them at once.
 */
export default function SavedPage() {
  useDocumentTitle('Saved agents');
  const served = useServedSavedAgents();
  // A layout effect runs before every passive one, the cards' too: the write starts before the
  // device's list is first read, so that read finds the fresh copies. The page is never kept by the
  // browser's cache (private, no-store), so a served list is as fresh as the page's load.
  useLayoutEffect(() => {
    if (!served || refreshed.has(served)) return;
    refreshed.add(served);
    refreshSavedAgents(served.map((agent) => ({ id: agent.id, agent }))).catch(() => undefined);
  }, [served]);
  const saved = useSavedAgents();
  const { user } = useSession();
  const online = useOnline();
  const hydrated = useHydrated();
  const merge = useAccountMerge();
  const onDevice = saved?.map((record) => record.agent);
  const drawn = merge.removed.size > 0 ? served?.filter((agent) => !merge.removed.has(agent.id)) : served;
  // Signed in, until the device's list has merged with the account's once, it may lack the account's
  // agents (a new device): the server's list, drawn from both, stays (less what was removed here);
  // without one, the device's only when it has any (never "No saved agents yet" for a list still on
  // its way). A merge that could not read the account's list leaves an empty device the server's.
  const agents = merge.pending
    ? (drawn ?? (onDevice?.length ? onDevice : undefined))
    : merge.failed && !onDevice?.length
      ? (drawn ?? onDevice)
      : (onDevice ?? drawn);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Saved agents</h1>
      <p className="mt-1 text-slate-600">
        {agents && agents.length > 0 ? `${plural(agents.length, 'agent')} ` : 'Agents you save '}
        {user
          ? 'kept on this device for offline use and on your account for your other devices.'
          : 'kept on this device, readable with no signal. Sign in to have them on your other devices too.'}
      </p>
      {!online && (
        <p className="mt-2 text-sm text-slate-600">You are offline: these are the copies saved on this device.</p>
      )}

      <div
        className="mt-8"
        // Before the app: the ids drawn, for the check against the device's; signed in, the merge with the account waits for the app.
        data-saved-ids={!hydrated && agents ? agents.map((agent) => agent.id).join(' ') : undefined}
        {...(!hydrated && user ? LOADS_IN_APP : {})}
      >
        {agents === undefined ? (
          <SkeletonGrid
            count={SKELETONS.categoryBrowse}
            label="Loading your saved agents"
            className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          />
        ) : agents.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <Bookmark aria-hidden className="size-12 text-slate-400" />
            <h2 className="mt-4 text-xl font-semibold">No saved agents yet</h2>
            <p className="mt-2 max-w-md text-slate-600">
              Tap Save on any agent to keep it here: its details and reviews stay readable on this device, even with no
              signal.
            </p>
            <ButtonLink href="/agents" className="mt-6">
              <Search aria-hidden className="size-4" /> Browse agents
            </ButtonLink>
          </div>
        ) : (
          <AgentList agents={agents} label="Saved agents" saved />
        )}
      </div>
      {/* Saved agents are what an installed app keeps at hand offline: the offer belongs here. */}
      <InstallOffer className="mt-10" />
    </div>
  );
}
