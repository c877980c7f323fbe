import { type ReactNode, useEffect, useState } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLocation } from 'wouter';
import { Button, ButtonLink, buttonClass } from '#app/components/ui/button.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { useOnline } from '#app/hooks/use-online.ts';
import { HydratedMark } from '#app/lib/hydration.ts';
import { PageMessage } from './page-message';

/**
 * A page's code that could not be downloaded (the connection dropped, or a release replaced it), as
 * Chromium, Firefox, Safari and Vite's preloading word it. React.lazy keeps such a failure for good,
 * so only a reload tries again.
 */
const NOT_LOADED = /dynamically imported module|importing a module script failed|unable to preload/i;
const isLoadFailure = (error: unknown): boolean => error instanceof Error && NOT_LOADED.test(error.message);

/** What the page's message says, for each way it can fail. */
const MESSAGES = {
  failed: {
    title: 'Something went wrong',
    text: 'This page could not be shown. Try again, or go on from the home page.',
  },
  notLoaded: {
    title: 'This page could not be loaded',
    text: 'The connection dropped, or the app was updated meanwhile. Try again to load it.',
  },
  offline: {
    title: 'You are offline',
    text: 'This page is not saved on this device. It opens once you are back online; your saved agents are here meanwhile.',
  },
} as const;

const warning = (
  <p aria-hidden className="text-6xl font-bold text-brand-600">
    !
  </p>
);

/** While a page loads, and while a page whose code failed loads again. */
export function PageLoading() {
  return (
    <div role="status" aria-label="Loading page" className="mx-auto max-w-7xl px-4 py-16">
      <div className="h-8 w-1/3 animate-pulse rounded bg-slate-200" />
    </div>
  );
}

const reloadKey = () => `chunk-reload:${location.pathname}`;
/**
 * Whether this address may load again for its code: not done yet here, and the storage takes the
 * mark that stops a loop (asked with a probe written and removed: safe in a render React repeats).
 * A storage refused (some private modes) or full counts as no: the message instead of a reload.
 */
const mayReload = (): boolean => {
  try {
    if (sessionStorage.getItem(reloadKey()) !== null) return false;
    sessionStorage.setItem('chunk-reload:probe', '1');
    sessionStorage.removeItem('chunk-reload:probe');
    return true;
  } catch {
    return false;
  }
};

/**
 * A tab still showing the old version after another tab accepted an update asks for a page chunk
 * the new deployment no longer has: the page then loads again, whole and of one version. Once per
 * address, so a dropped connection cannot loop; only for the page, so a part downloaded in the
 * background (the account menu, the toasts) never reloads over a half-filled form.
 */
function PageNotLoaded(props: FallbackProps) {
  const online = useOnline();
  const [reloading] = useState(() => online && mayReload());
  useEffect(() => {
    if (!reloading) return;
    sessionStorage.setItem(reloadKey(), '1');
    window.location.reload();
  }, [reloading]);
  return reloading ? <PageLoading /> : <PageErrorMessage {...props} />;
}

function PageErrorMessage({ error, resetErrorBoundary }: FallbackProps) {
  const online = useOnline();
  const notLoaded = isLoadFailure(error);
  const { title, text } = MESSAGES[!notLoaded ? 'failed' : online ? 'notLoaded' : 'offline'];
  useDocumentTitle(title);
  return (
    // Announced as it replaces the page (or its 'Loading page'), which a screen reader would not otherwise hear.
    <div role="alert">
      <PageMessage mark={warning} title={title} text={text}>
        <Button onClick={() => (notLoaded ? window.location.reload() : resetErrorBoundary())}>Try again</Button>
        {notLoaded && !online ? (
          <ButtonLink href="/saved" variant="secondary">
            Saved agents
          </ButtonLink>
        ) : (
          <ButtonLink href="/" variant="secondary">
            Back to Home
          </ButtonLink>
        )}
      </PageMessage>
      {/* The page's part counts as hydrated: taps held for it are React's from now on (app/lib/early-clicks.ts). */}
      <HydratedMark part="page" />
    </div>
  );
}

/**
 * A page that throws while rendering, or whose code fails to download, becomes a message with the
 * ways on; the header stays, and going to another address renders that page afresh.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <ErrorBoundary
      fallbackRender={(props) =>
        isLoadFailure(props.error) ? <PageNotLoaded {...props} /> : <PageErrorMessage {...props} />
      }
      resetKeys={[location]}
    >
      {children}
    </ErrorBoundary>
  );
}

function AppErrorMessage() {
  useDocumentTitle('Something went wrong');
  // In place of the layout, which is what failed: a full load each way on. Not a <main>, which
  // app/lib/early-clicks.ts would take for the page's part still hydrating.
  return (
    <PageMessage
      mark={warning}
      title="Something went wrong"
      text="AgentMarket could not be shown. Reload to try again."
    >
      <Button onClick={() => window.location.reload()}>Reload</Button>
      <a href="/" className={buttonClass('secondary')}>
        Back to Home
      </a>
    </PageMessage>
  );
}

/** Whatever the page boundary cannot catch (the header, the footer): a message instead of a blank page. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary FallbackComponent={AppErrorMessage}>{children}</ErrorBoundary>;
}

/** What only the browser adds (toasts, the outbox, the PWA): should it fail, the page goes on without it. */
export function ExtrasErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={null}>{children}</ErrorBoundary>;
}
