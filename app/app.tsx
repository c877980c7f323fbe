import { onlineManager } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { lazy, Suspense, useState } from 'react';
import { Footer } from './components/layout/footer';
import { Navbar } from './components/layout/navbar';
import { FirstScreenReveal } from './components/layout/first-screen-reveal';
import { InstallButton } from './components/pwa/install-button';
import { OfflineBanner } from './components/pwa/offline-banner';
import { VerifyEmailBanner } from './features/auth/components/verify-email-banner';
import { UpdatePrompt } from './components/pwa/update-prompt';
import { getSessionQueryOptions, hasSessionHint } from './features/auth/api/get-session';
import { SessionEffects } from './features/auth/components/session-effects';
import { DisplayPreferencesEffect } from './features/users/components/display-preferences';
import { registerMutationDefaults } from './lib/mutation-defaults';
import { createPersister, PERSIST_BUSTER, PERSIST_MAX_AGE_MS, resumeSavedMutations, shouldPersistMutation, shouldPersistQuery } from './lib/persist';
import { createQueryClient } from './lib/query-client';
import { useProgressiveCount } from './hooks/use-progressive-count';
import { useToasts } from './hooks/use-toast';
import { AppRoutes } from './routes';


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
// TanStack assumes online until an event says otherwise; start from what the browser knows.
onlineManager.setOnline(navigator.onLine);

const MOUNT_STEPS = 3;

function setup() {
  const queryClient = createQueryClient();
  // Defaults must exist before the cache is restored so paused (offline) mutations can resume.
  registerMutationDefaults(queryClient);
  // A signed-in page needs the session before anything else: ask for it now, alongside restoring the
  // saved cache (queries wait for the restore), not after.
  if (hasSessionHint()) void queryClient.prefetchQuery(getSessionQueryOptions());
  return { queryClient, persister: createPersister() };
}

/** `onFirstScreen`: called once the first screen's data is in (app/lib/first-screen.ts). */
export function App({ onFirstScreen }: { onFirstScreen?: () => void } = {}) {
  const [{ queryClient, persister }] = useState(setup);
  // The app mounts in steps, one task each, while the first screen is still hidden: the shell, the
  // page, the footer, then the parts nobody sees at first. No single task holds a slow phone for long.
  const step = useProgressiveCount(MOUNT_STEPS, 0, 1);
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
        <VerifyEmailBanner />
        {/* At least a screen tall: the footer starts below the fold, so content arriving never pushes it (no layout shift). */}
        <main id="main" className="min-h-dvh flex-1">
          {step >= 1 && <AppRoutes />}
        </main>
        {step >= 2 && <Footer />}
      </div>
      <DisplayPreferencesEffect />
      {step >= MOUNT_STEPS && (
        <>
          <ToasterOnDemand />
          <SessionEffects />
          <UpdatePrompt />
          <InstallButton />
          {/* Last, so it starts watching once the page has asked for its data. */}
          {onFirstScreen && <FirstScreenReveal onReady={onFirstScreen} />}
        </>
      )}
    </PersistQueryClientProvider>
  );
}
