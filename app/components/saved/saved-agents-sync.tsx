import { useEffect } from 'react';
import { useOnline } from '#app/hooks/use-online.ts';
import { useSignedInUserId } from '#app/hooks/use-signed-in-user-id.ts';
import { subscribeOutbox } from '#app/lib/outbox.ts';
import { listSavedAgentsAsWritten } from '#app/lib/saved-agents.ts';
import {
  getSavedOnServer,
  markSynced,
  mergeSavedAgents,
  noteRemovalsWaiting,
  settleMerge,
} from '#app/lib/saved-sync.ts';

/**
 * Signed in and online: merges this device's saved agents with the person's list on the server when
 * the app starts, when the signal returns and when the person comes back to the tab (another
 * device may have changed it meanwhile). Docs/decisions/0027.
 */
export function SavedAgentsSync() {
  const userId = useSignedInUserId();
  const online = useOnline();

  useEffect(
    () =>
      subscribeOutbox((event) => {
        if (event.type === 'delivered' && event.item.kind === 'save' && event.item.agentId !== undefined)
          markSynced(event.item.agentId).catch(() => undefined);
      }),
    [],
  );

  // Removals made before this page loaded and still on their way: the list the server drew names them.
  useEffect(() => {
    if (userId !== null) noteRemovalsWaiting().catch(() => undefined);
  }, [userId]);

  useEffect(() => {
    if (userId === null || !online) return;
    let stopped = false;
    const run = () => {
      const askedAt = Date.now();
      getSavedOnServer()
        .then(async (server) => {
          if (stopped) return false;
          await mergeSavedAgents(server, { online: true, askedAt });
          return true;
        })
        .catch(() => false)
        .then(async (merged) => {
          // The list as the merge left it, read before the page stops showing the server's (no flash
          // of the device's list without the account's agents). A run that was stopped (the person
          // or the connection changed) settles nothing: the next run does.
          await listSavedAgentsAsWritten().catch(() => undefined);
          if (!stopped) settleMerge(userId, merged);
        });
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') run();
    };
    run();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId, online]);
  return null;
}
