import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppLayout } from './app-layout';
import { InstallPromptListener } from './components/pwa/install-button';
import { OutboxDelivery } from './components/pwa/outbox-delivery';
import { UpdatePrompt } from './components/pwa/update-prompt';
import { SessionEffects } from './features/auth/components/session-effects';
import { useHydrated } from './hooks/use-hydrated';
import { toast } from './hooks/use-toast';
import { pageHydrated } from './lib/hydration';
import { isQuotaError, QUOTA_MESSAGE } from './lib/offline-db';
import { QueryStore, removeLegacyCache, setQueryStore, shouldPersistQuery } from './lib/persist';
import { keepSavedAgentsFresh, savedQueryData } from './lib/saved-queries';
import { SavedAgentsSync } from './components/saved/saved-agents-sync';
import { ToasterOnDemand } from './components/ui/toaster-on-demand';

/** Parts only the browser has: none of them is in the server's HTML, so they mount once hydrated. */
function BrowserOnly() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <>
      <ToasterOnDemand />
      <SessionEffects />
      <OutboxDelivery />
      <SavedAgentsSync />
      <UpdatePrompt />
      <InstallPromptListener />
    </>
  );
}

/**
 * Saves each query for offline use as it arrives and restores it when a page asks for it
 * (docs/decisions/0011). Attached before the server's state is hydrated, so that state is saved too.
 */
export function attachOfflineStore(queryClient: QueryClient): void {
  let warned = false;
  const store = new QueryStore({
    // Saved agents stay readable offline whatever the bound drops (docs/decisions/0027).
    fallback: savedQueryData,
    onError: (error) => {
      if (!isQuotaError(error) || warned) return;
      warned = true;
      toast({
        title: QUOTA_MESSAGE,
        description: 'This device is out of storage space. Free some space to keep agents for offline browsing.',
        variant: 'destructive',
      });
    },
  });
  setQueryStore(store);
  store.attach(queryClient, shouldPersistQuery, pageHydrated);
  keepSavedAgentsFresh(queryClient);
  removeLegacyCache();
}

/** The app in the browser: the server-rendered layout plus sessions, the outbox and the PWA. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout browser={<BrowserOnly />} />
    </QueryClientProvider>
  );
}
