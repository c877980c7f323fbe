import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bookmark } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Agent, Rating } from '#common/types.ts';
import { useHydrated } from '#app/hooks/use-hydrated.ts';
import { savesAgent, takeEarlySave } from '#app/lib/early-controls.ts';
import { earlySaveWritten } from '#app/lib/early-save.ts';
import { useOnline } from '#app/hooks/use-online.ts';
import { useAccountMerge, useSavedAgents } from '#app/hooks/use-saved-agents.ts';
import { signedInUserIdNow } from '#app/hooks/use-signed-in-user-id.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { ratingKeys, savedKeys, sessionKeys } from '#app/lib/query-keys.ts';
import { listSavedAgents, listSavedAgentsAsWritten } from '#app/lib/saved-agents.ts';
import { setSaved } from '#app/lib/saved-sync.ts';

/** The agent as the API sends it, without what a search adds (highlights). */
function plainAgent(agent: Agent): Agent {
  const { highlights: _highlights, ...rest } = agent as Agent & { highlights?: unknown };
  return rest;
}

/**
 * The agents a signed-in person's list on the server holds, as the server drew the page for them
 * (app/entry-server.tsx answers it as it renders for a person): their Save buttons come pressed in
 * the HTML. The browser never asks; it keeps what the page came with. Undefined for a visitor.
 */
function useAccountSavedIds(hydrated: boolean): number[] | undefined {
  const client = useQueryClient();
  const signedIn = client.getQueryData(sessionKeys.session) != null;
  return useQuery<number[]>({
    queryKey: savedKeys.account,
    // Never the network: a page the server could not answer it for has none.
    queryFn: () => client.getQueryData<number[]>(savedKeys.account) ?? [],
    // Asked while the server renders (and hydrates what it rendered), not after.
    enabled: signedIn && !hydrated,
    staleTime: Infinity,
    meta: { persist: false },
  }).data;
}

/**
 * The 'Save' toggle (a bookmark, pressed when saved) of a card or an agent page: keeps the agent on
 * this device for offline use and, signed in, on the person's list (docs/decisions/0027). It is in
 * the server's HTML on every card and page, pressed for what the server knows is saved (every card of
 * /saved, a signed-in person's list); the entry script presses those this device keeps before the
 * app starts (docs/decisions/0044: the HTML does not depend on the device). A tap before the app is
 * shown at once and kept for the app (app/lib/early-controls.ts), which saves what was asked as it
 * takes the button over, once: the same write a tap in the app makes. Its look follows aria-pressed,
 * so what the page shows before the app and what React renders are one.
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
  const accountSaved = useAccountSavedIds(hydrated);
  const merge = useAccountMerge();
  const button = useRef<HTMLButtonElement>(null);
  // A double tap toggles once: the second tap waits for the first to be written.
  const busy = useRef(false);
  // What a tap asked, shown until it is written (the device's list may still be read meanwhile).
  const [asked, setAsked] = useState<boolean | null>(null);
  // On /saved every card shown is saved (the page leaves out what was removed, from the device's
  // list or the server's: docs/decisions/0036). Elsewhere, until this device's list is read, what the
  // server knows (a signed-in person's list); then the device's, which holds the account's once merged.
  const fromAccount = accountSaved?.includes(agent.id) ?? false;
  const listed = hydrated && saved !== undefined ? saved.some((record) => record.id === agent.id) : undefined;
  const isSaved =
    asked ?? (knownSaved || (listed === undefined ? fromAccount : listed || (fromAccount && merge.pending)));

  /**
   * Saves (true) or removes (false) the agent, or the opposite of what is shown ('toggle'). `early`:
   * a choice made before the app, which the entry script has kept on this device (and queued for the
   * account) or not (app/lib/early-save.ts): only what it could not do is done here.
   */
  const keep = async (want: boolean | 'toggle', early = false) => {
    if (busy.current) return;
    busy.current = true;
    const save = want === 'toggle' ? !isSaved : want;
    setAsked(save);
    try {
      const outcome = early ? await earlySaveWritten(agent.id) : null;
      // Already on the device and on its way to the account: the outbox delivers it as the app starts.
      if (outcome === 'kept and queued') return;
      // Taken over from before the app, this device's list may not have been read yet.
      const wasSaved = (early || !saved ? await listSavedAgents() : saved).some((record) => record.id === agent.id);
      // Who is signed in now, not at the last render: a choice taken from before the app may be kept
      // before the page has re-rendered with the session (its save would then stay on this device).
      const signedIn = (await signedInUserIdNow(queryClient)) !== null;
      if (save === wasSaved) {
        // Kept on this device by the entry script, which took the page for a visitor's: the account's now.
        // Or shown saved from the account (on /saved, or a new device not merged yet) but not kept on
        // this device: removed from the account. Otherwise it already is as asked.
        if (signedIn && (outcome === 'kept' || (!save && (knownSaved || fromAccount))))
          await setSaved(plainAgent(agent), save, { signedIn, online });
        return;
      }
      const ratings = queryClient.getQueryData<Rating[]>(ratingKeys.byAgent(agent.id));
      await setSaved(plainAgent(agent), save, { signedIn, online, ratings });
    } catch (error) {
      toast({
        title: 'Could not save this agent',
        description: error instanceof Error ? error.message : 'This device could not keep it.',
        variant: 'destructive',
      });
    } finally {
      // Shown as asked until this device's list, as written, says so: nothing flashes back.
      await listSavedAgentsAsWritten().catch(() => undefined);
      busy.current = false;
      setAsked(null);
    }
  };

  // A tap made before the app took the button over: taken now, in the commit that hydrated it, once
  // (the page's record of it goes as it is read).
  const first = useRef(keep);
  useLayoutEffect(() => {
    const wanted = takeEarlySave(button.current);
    if (wanted !== null) void first.current(wanted, true);
  }, []);

  const look =
    variant === 'card'
      ? 'relative z-10 inline-flex size-9 max-md:size-11 items-center justify-center rounded-full border border-slate-200 bg-white/95 text-slate-700 shadow-sm hover:text-brand-700 aria-pressed:border-brand-600 aria-pressed:bg-brand-600 aria-pressed:text-white aria-pressed:hover:text-white'
      : 'inline-flex h-9 max-md:h-11 w-[5.5rem] items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white text-sm font-medium text-slate-900 hover:bg-slate-50 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-800';
  return (
    <button
      ref={button}
      type="button"
      aria-pressed={isSaved}
      // The name stays 'Save'; being saved is the pressed state (a toggle's name does not change).
      aria-label={variant === 'card' ? 'Save' : undefined}
      title={isSaved ? 'Saved on this device: tap to remove' : 'Save for later, also offline'}
      onClick={() => void keep('toggle')}
      className={`group/save ${look}`}
      {...savesAgent(agent.id, hydrated)}
    >
      {/* Filled while pressed, by the style sheet: the same before the app and in it. */}
      <Bookmark aria-hidden className="size-4 group-aria-pressed/save:fill-current" />
      {variant === 'page' && 'Save'}
    </button>
  );
}
