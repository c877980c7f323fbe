import { onlineManager } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy, Suspense, useState } from 'react';
import { Footer } from './components/layout/footer';
import { Navbar } from './components/layout/navbar';
import { InstallButton } from './components/pwa/install-button';
import { OfflineBanner } from './components/pwa/offline-banner';
import { UpdatePrompt } from './components/pwa/update-prompt';
import { SessionEffects } from './features/auth/components/session-effects';
import { DisplayPreferencesEffect } from './features/users/components/display-preferences';
import { registerMutationDefaults } from './lib/mutation-defaults';
import { createPersister, PERSIST_BUSTER, PERSIST_MAX_AGE_MS, resumeSavedMutations, shouldPersistMutation, shouldPersistQuery } from './lib/persist';
import { createQueryClient } from './lib/query-client';
import { AppRoutes } from './routes';


// The toast library loads right after the first paint; toasts raised before it are kept in the store.
const Toaster = lazy(() => import('./components/ui/toaster').then((m) => ({ default: m.Toaster })));
// TanStack assumes online until an event says otherwise; start from what the browser knows.
onlineManager.setOnline(navigator.onLine);

function setup() {
  const queryClient = createQueryClient();
  // Defaults must exist before the cache is restored so paused (offline) mutations can resume.
  registerMutationDefaults(queryClient);
  return { queryClient, persister: createPersister() };
}

export function App() {
  const [{ queryClient, persister }] = useState(setup);
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
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <div className="flex min-h-dvh flex-col">
        <Navbar />
        <OfflineBanner />
        <main id="main" className="flex-1">
          <AppRoutes />
        </main>
        <Footer />
      </div>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <SessionEffects />
      <DisplayPreferencesEffect />
      <UpdatePrompt />
      <InstallButton />
    </PersistQueryClientProvider>
  );
}
