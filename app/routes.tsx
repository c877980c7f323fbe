import { lazy, Suspense, useEffect, useLayoutEffect, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { holdFirstScreen } from './lib/first-screen';

// The pages most visits start on ship with the app itself, so they render without a second round of
// downloads; every other page is its own chunk (route-level code splitting).
import HomePage from './routes/home';
import AgentsBrowsePage from './routes/agents-browse';
import SearchPage from './routes/search';

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

const NotFoundPage = page(() => import('./routes/not-found'));
const CategoriesBrowsePage = page(() => import('./routes/categories-browse'));
const AgentsAgent91Page = page(() => import('./routes/agents-agent91'));
const DiscoverPage = page(() => import('./routes/discover'));
const AgentDetailPage = page(() => import('./routes/agent-detail'));
const LandingAgent91Page = page(() => import('./routes/landing-agent91'));
const LandingUndergroundPage = page(() => import('./routes/landing-underground'));
const LandingEnterprisePage = page(() => import('./routes/landing-enterprise'));
const LandingGlobalPage = page(() => import('./routes/landing-global'));

// Account, forms, credits and footer pages.
const AuthPage = page(() => import('./routes/auth'));
const GoogleCallbackPage = page(() => import('./routes/google-callback'));
const MyAgentsPage = page(() => import('./routes/my-agents'));
const ProfilePage = page(() => import('./routes/profile'));
const CreditsPage = page(() => import('./routes/credits'));
const CheckoutSandboxPage = page(() => import('./routes/checkout-sandbox'));
const SubmitAgentPage = page(() => import('./routes/submit-agent'));
const ProposeAgentPage = page(() => import('./routes/propose-agent'));
const ProposalsInboxPage = page(() => import('./routes/proposals-inbox'));
const BillingPage = page(() => import('./routes/billing'));
const SettingsPage = page(() => import('./routes/settings'));
const DocumentationPage = page(() => import('./routes/documentation'));
const TutorialsPage = page(() => import('./routes/tutorials'));
const ApiReferencePage = page(() => import('./routes/api-reference'));
const AboutPage = page(() => import('./routes/about'));
const BlogPage = page(() => import('./routes/blog'));
const CareersPage = page(() => import('./routes/careers'));
const PrivacyPage = page(() => import('./routes/privacy'));
const TermsPage = page(() => import('./routes/terms'));

/** Scrolls to the top on navigation, as a multi-page site would. */
function ScrollToTop() {
  const [location] = useLocation();
  // Braces matter: current Chromium's scrollTo returns a Promise, which React would call as a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

function PageFallback() {
  // A page whose code is still loading holds the first screen (it shows whole, not as this placeholder).
  useLayoutEffect(() => holdFirstScreen(), []);
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
        <Route path="/agents" component={AgentsBrowsePage} />
        <Route path="/all-agents" component={AgentsBrowsePage} />
        <Route path="/agents/:id" component={AgentDetailPage} />
        <Route path="/agent/:id" component={AgentDetailPage} />
        <Route path="/categories" component={CategoriesBrowsePage} />
        <Route path="/agents-agent91" component={AgentsAgent91Page} />
        <Route path="/discover" component={DiscoverPage} />
        <Route path="/search" component={SearchPage} />
        <Route path="/agent91" component={LandingAgent91Page} />
        <Route path="/alternative" component={LandingUndergroundPage} />
        <Route path="/alternative1" component={LandingEnterprisePage} />
        <Route path="/alternative2" component={LandingGlobalPage} />
        <Route path="/auth" component={AuthPage} />
        <Route path="/login" component={AuthPage} />
        <Route path="/auth/google/callback" component={GoogleCallbackPage} />
        <Route path="/my-agents" component={MyAgentsPage} />
        <Route path="/profile" component={ProfilePage} />
        <Route path="/credits" component={CreditsPage} />
        <Route path="/checkout/sandbox/:id" component={CheckoutSandboxPage} />
        <Route path="/submit-agent" component={SubmitAgentPage} />
        <Route path="/propose-agent" component={ProposeAgentPage} />
        <Route path="/proposals" component={ProposalsInboxPage} />
        <Route path="/billing" component={BillingPage} />
        <Route path="/settings" component={SettingsPage} />
        <Route path="/documentation" component={DocumentationPage} />
        <Route path="/tutorials" component={TutorialsPage} />
        <Route path="/api" component={ApiReferencePage} />
        <Route path="/about" component={AboutPage} />
        <Route path="/blog" component={BlogPage} />
        <Route path="/careers" component={CareersPage} />
        <Route path="/privacy" component={PrivacyPage} />
        <Route path="/terms" component={TermsPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
