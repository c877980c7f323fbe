import { Suspense, type ReactNode } from 'react';
import { Footer } from './components/layout/footer';
import { Navbar } from './components/layout/navbar';
import { AppErrorBoundary, ExtrasErrorBoundary } from './components/layout/page-error';
import { OfflineBanner } from './components/pwa/offline-banner';
import { HeaderSearch } from './features/agents/components/header-search';
import { useSession } from './features/auth/api/get-session';
import { VerifyEmailBanner } from './features/auth/components/verify-email-banner';
import { HydratedMark } from './lib/hydration';
import { AppRoutes } from './routes';

function SessionNavbar() {
  const { user } = useSession();
  return <Navbar user={user} search={<HeaderSearch />} />;
}

/**
 * `browser`: what only the browser adds (effects, toasts, the PWA). It sits in a slot of its own, so
 * the server's tree and the browser's have the same shape and useId gives the same ids on both.
 *
 * What the server renders and the browser hydrates: the visitor's shell and the page. Each part is
 * its own Suspense boundary, so React hydrates them as separate slices (a page whose code is still
 * downloading keeps its server HTML meanwhile) instead of in one long task.
 */
export function AppLayout({ browser = null }: { browser?: ReactNode }) {
  return (
    <AppErrorBoundary>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="flex min-h-dvh flex-col">
        <Suspense fallback={null}>
          <SessionNavbar />
          <HydratedMark part="navbar" />
        </Suspense>
        {/* At least a screen tall: the footer starts below the fold, so content arriving never pushes it (no layout shift). */}
        <main id="main" className="min-h-dvh flex-1">
          <AppRoutes />
        </main>
        <Suspense fallback={null}>
          <Footer />
          <HydratedMark part="footer" />
        </Suspense>
        {/* Notices last in the page and sticky to the bottom of the screen: appearing, they move nothing
            already on screen (no layout shift). The connection lost, and signed-in notices, shown as the
            session is (useSession: once hydrated, or from the start on a page rendered for the person). */}
        <div className="sticky bottom-0 z-40 print:hidden">
          <OfflineBanner />
          <VerifyEmailBanner />
        </div>
      </div>
      <ExtrasErrorBoundary>{browser}</ExtrasErrorBoundary>
    </AppErrorBoundary>
  );
}
