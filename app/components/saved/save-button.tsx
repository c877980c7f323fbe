import { useQueryClient } from '@tanstack/react-query';
import { Bookmark } from 'lucide-react';
import { useRef } from 'react';
import type { Agent, Rating } from '#common/types.ts';
import { useHydrated } from '#app/hooks/use-hydrated.ts';
import { showsSaved } from '#app/lib/app-start.ts';
import { useOnline } from '#app/hooks/use-online.ts';
import { useSavedAgents } from '#app/hooks/use-saved-agents.ts';
import { signedInUserIdNow } from '#app/hooks/use-signed-in-user-id.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { ratingKeys } from '#app/lib/query-keys.ts';
import { listSavedAgents } from '#app/lib/saved-agents.ts';
import { setSaved } from '#app/lib/saved-sync.ts';

/** The agent as the API sends it, without what a search adds (highlights). */
function plainAgent(agent: Agent): Agent {
  const { highlights: _highlights, ...rest } = agent as Agent & { highlights?: unknown };
  return rest;
}

/**
 * The 'Save' toggle (a bookmark, pressed when saved) of a card or an agent page: keeps the agent on
 * this device for offline use and, signed in, on the person's list (docs/decisions/0027). A card's
 * is rendered once the page is the app's (a listing's HTML stays inside its first round trip). The
 * agent page's is in the server's HTML, not pressed (the HTML never depends on the device): a tap
 * before the app is held and replayed, and a device that saved the agent starts the app at once to
 * show it pressed (docs/decisions/0031). On /saved every card's agent is saved (`saved`): there the
 * server draws the cards' buttons pressed, and a tap before the app is held like the page's.
 */
export function SaveButton({
  agent,
  variant = 'card',
  saved: knownSaved = false,
}: {
  agent: Agent;
  variant?: 'card' | 'page';
  saved?: boolean;
}) {
  const hydrated = useHydrated();
  const saved = useSavedAgents();
  const online = useOnline();
  const queryClient = useQueryClient();
  // A double tap toggles once: the second tap waits for the first to be written.
  const busy = useRef(false);
  if (!hydrated && variant === 'card' && !knownSaved) return null;
  // On /saved every card shown is saved (the page leaves out what was removed, from the device's
  // list or the server's: docs/decisions/0036). Elsewhere, until this device's list is read, what the
  // page knows.
  const isSaved = knownSaved || (hydrated && saved !== undefined && saved.some((record) => record.id === agent.id));

  const toggle = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      // A tap held from before the app is replayed before this device's list is first read.
      const wasSaved = (saved ?? (await listSavedAgents())).some((record) => record.id === agent.id);
      // Who is signed in now, not at the last render: a tap held from before the app may be replayed
      // before the page has re-rendered with the session (its save would then stay on this device).
      const signedIn = (await signedInUserIdNow(queryClient)) !== null;
      // Drawn pressed on /saved for an agent this device does not keep, the tap meant remove. Signed
      // in, the server may have drawn it from the account before this device merged with it (a new
      // device: docs/decisions/0036): it is removed there. Otherwise the page's list was behind: it
      // is gone already, and the list is about to show it.
      if (knownSaved && !wasSaved) {
        if (signedIn) await setSaved(plainAgent(agent), false, { signedIn, online });
        return;
      }
      const ratings = queryClient.getQueryData<Rating[]>(ratingKeys.byAgent(agent.id));
      await setSaved(plainAgent(agent), !wasSaved, { signedIn, online, ratings });
    } catch (error) {
      toast({
        title: 'Could not save this agent',
        description: error instanceof Error ? error.message : 'This device could not keep it.',
        variant: 'destructive',
      });
    } finally {
      busy.current = false;
    }
  };

  const look =
    variant === 'card'
      ? `relative z-10 inline-flex size-9 items-center justify-center rounded-full border shadow-sm ${isSaved ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-200 bg-white/95 text-slate-700 hover:text-brand-700'}`
      : `inline-flex h-9 w-[5.5rem] items-center justify-center gap-2 rounded-lg border text-sm font-medium ${isSaved ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-50'}`;
  return (
    <button
      type="button"
      aria-pressed={isSaved}
      // The name stays 'Save'; being saved is the pressed state (a toggle's name does not change).
      aria-label={variant === 'card' ? 'Save' : undefined}
      title={isSaved ? 'Saved on this device: tap to remove' : 'Save for later, also offline'}
      onClick={() => void toggle()}
      className={look}
      {...(variant === 'page' ? showsSaved(agent.id, hydrated) : {})}
    >
      <Bookmark aria-hidden className="size-4" fill={isSaved ? 'currentColor' : 'none'} />
      {variant === 'page' && 'Save'}
    </button>
  );
}
