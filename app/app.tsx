import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy, Suspense, useState } from 'react';
import { AppLayout } from './app-layout';
import { InstallButton } from './components/pwa/install-button';
import { UpdatePrompt } from './components/pwa/update-prompt';
import { SessionEffects } from './features/auth/components/session-effects';
import { DisplayPreferencesEffect } from './features/users/components/display-preferences';
import { useHydrated } from './hooks/use-hydrated';
import { useToasts } from './hooks/use-toast';
import { createPersister, PERSIST_BUSTER, PERSIST_MAX_AGE_MS, resumeSavedMutations, shouldPersistMutation, shouldPersistQuery } from './lib/persist';

// The toast library loads with the first toast (it is kept in the store meanwhile), not on every page load.
const Toaster = lazy(() => import('./components/ui/toaster').then((m) => ({ default: m.Toaster })));

function ToasterOnDemand() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** Parts only the browser has: none of them is in the server's HTML, so they mount once hydrated. */
function BrowserOnly() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <>
      <ToasterOnDemand />
      <SessionEffects />
      <UpdatePrompt />
      <InstallButton />
    </>
  );
}

/** The app in the browser: the server-rendered layout plus the saved cache, sessions and the PWA. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const [persister] = useState(createPersister);
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister,
        maxAge: PERSIST_MAX_AGE_MS,
        buster: PERSIST_BUSTER,
        dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: shouldPersistMutation },
      }}
      // Queued mutations (offline proposals) are sent once the cache is back.
      onSuccess={() => resumeSavedMutations(queryClient)}
    >
      <AppLayout />
      <DisplayPreferencesEffect />
      <BrowserOnly />
    </PersistQueryClientProvider>
  );
}
