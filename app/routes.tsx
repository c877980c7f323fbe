import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';

// Every page is its own chunk (route-level code splitting).
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

const HomePage = page(() => import('./routes/home'));
const NotFoundPage = page(() => import('./routes/not-found'));

/** Scrolls to the top on navigation, as a multi-page site would. */
function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => window.scrollTo(0, 0), [location]);
  return null;
}

function PageFallback() {
  return (
    <div role="status" aria-label="Loading page" className="mx-auto max-w-7xl px-4 py-16">
      <div className="h-8 w-1/3 animate-pulse rounded bg-slate-200" />
    </div>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <ScrollToTop />
      <Switch>
        <Route path="/" component={HomePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
