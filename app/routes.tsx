import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PageErrorBoundary, PageLoading } from './components/layout/page-error';
import { HydratedMark } from './lib/hydration';
import { forgetServedWithPage } from './lib/served-with-page';
import { afterNavigation, startScrollRestoration } from './lib/scroll-restoration';

// The pages most visits start on ship with the app itself, so they render without a second round of
// downloads; every other page is its own chunk (route-level code splitting).
import HomePage from './routes/home';
import AgentsBrowsePage from './routes/agents-browse';
import SearchPage from './routes/search';

type PageModule = Promise<{ default: ComponentType }>;
const pageLoaders = new Map<ComponentType, () => PageModule>();
/** Each lazy page's file in app/routes/: its key in the build's route-chunks.json. */
const pageFiles = new Map<ComponentType, string>();

const page = (file: string, load: () => PageModule) => {
  const component = lazy(load);
  pageLoaders.set(component, load);
  pageFiles.set(component, file);
  return component;
};

const NotFoundPage = page('not-found', () => import('./routes/not-found'));
const CategoriesBrowsePage = page('categories-browse', () => import('./routes/categories-browse'));
const AgentsAgent91Page = page('agents-agent91', () => import('./routes/agents-agent91'));
const DiscoverPage = page('discover', () => import('./routes/discover'));
const AgentDetailPage = page('agent-detail', () => import('./routes/agent-detail'));
const CreatorPage = page('creator', () => import('./routes/creator'));
const LandingAgent91Page = page('landing-agent91', () => import('./routes/landing-agent91'));
const LandingUndergroundPage = page('landing-underground', () => import('./routes/landing-underground'));
const LandingEnterprisePage = page('landing-enterprise', () => import('./routes/landing-enterprise'));
const LandingGlobalPage = page('landing-global', () => import('./routes/landing-global'));

// Account, forms, credits and footer pages.
const AuthPage = page('auth', () => import('./routes/auth'));
const GoogleCallbackPage = page('google-callback', () => import('./routes/google-callback'));
const MyAgentsPage = page('my-agents', () => import('./routes/my-agents'));
const ProfilePage = page('profile', () => import('./routes/profile'));
const CreditsPage = page('credits', () => import('./routes/credits'));
const CheckoutSandboxPage = page('checkout-sandbox', () => import('./routes/checkout-sandbox'));
const PayoutsSandboxPage = page('payouts-sandbox', () => import('./routes/payouts-sandbox'));
const SubmitAgentPage = page('submit-agent', () => import('./routes/submit-agent'));
const ProposeAgentPage = page('propose-agent', () => import('./routes/propose-agent'));
const ProposalsInboxPage = page('proposals-inbox', () => import('./routes/proposals-inbox'));
const ModerationPage = page('moderation', () => import('./routes/moderation'));
const FinancePage = page('finance', () => import('./routes/finance'));
const SupportPage = page('support', () => import('./routes/support'));
const BillingPage = page('billing', () => import('./routes/billing'));
const BillingReceiptPage = page('billing-receipt', () => import('./routes/billing-receipt'));
const SettingsPage = page('settings', () => import('./routes/settings'));
const AuthorizePage = page('authorize', () => import('./routes/authorize'));
const SavedPage = page('saved', () => import('./routes/saved'));
const VerifyEmailPage = page('verify-email', () => import('./routes/verify-email'));
const ResetPasswordPage = page('reset-password', () => import('./routes/reset-password'));
const UndoEmailChangePage = page('undo-email-change', () => import('./routes/undo-email-change'));
const DocumentationPage = page('documentation', () => import('./routes/documentation'));
const TutorialsPage = page('tutorials', () => import('./routes/tutorials'));
const ApiReferencePage = page('api-reference', () => import('./routes/api-reference'));
const AboutPage = page('about', () => import('./routes/about'));
const BlogPage = page('blog', () => import('./routes/blog'));
const CareersPage = page('careers', () => import('./routes/careers'));
const PrivacyPage = page('privacy', () => import('./routes/privacy'));
const TermsPage = page('terms', () => import('./routes/terms'));

const ROUTES: ReadonlyArray<readonly [path: string, page: ComponentType]> = [
  ['/', HomePage],
  ['/agents', AgentsBrowsePage],
  ['/all-agents', AgentsBrowsePage],
  ['/agents/:id', AgentDetailPage],
  ['/agent/:id', AgentDetailPage],
  ['/creators/:username', CreatorPage],
  ['/categories', CategoriesBrowsePage],
  ['/agents-agent91', AgentsAgent91Page],
  ['/discover', DiscoverPage],
  ['/search', SearchPage],
  ['/agent91', LandingAgent91Page],
  ['/alternative', LandingUndergroundPage],
  ['/alternative1', LandingEnterprisePage],
  ['/alternative2', LandingGlobalPage],
  ['/auth', AuthPage],
  ['/login', AuthPage],
  ['/auth/google/callback', GoogleCallbackPage],
  ['/my-agents', MyAgentsPage],
  ['/profile', ProfilePage],
  ['/credits', CreditsPage],
  ['/checkout/sandbox/:id', CheckoutSandboxPage],
  ['/payouts/sandbox', PayoutsSandboxPage],
  ['/submit-agent', SubmitAgentPage],
  ['/propose-agent', ProposeAgentPage],
  ['/proposals', ProposalsInboxPage],
  ['/moderation', ModerationPage],
  ['/finance', FinancePage],
  ['/support', SupportPage],
  ['/billing', BillingPage],
  ['/billing/receipts/:id', BillingReceiptPage],
  ['/settings', SettingsPage],
  ['/authorize', AuthorizePage],
  ['/saved', SavedPage],
  ['/verify-email', VerifyEmailPage],
  ['/reset-password', ResetPasswordPage],
  ['/undo-email-change', UndoEmailChangePage],
  ['/documentation', DocumentationPage],
  ['/tutorials', TutorialsPage],
  ['/api', ApiReferencePage],
  ['/about', AboutPage],
  ['/blog', BlogPage],
  ['/careers', CareersPage],
  ['/privacy', PrivacyPage],
  ['/terms', TermsPage],
];

const NOT_AN_AGENT = /^\/agents?\/(?!\d+$)/i;
/**
 * What the app shows Not Found for under /agent(s)/: no id, or more than one segment. A single
 * segment that is not an agent's id is the agent page's own 'Agent Not Found' (docs/product.md#screens); the server
 * answers every NOT_AN_AGENT path with status 404 either way.
 */
const NO_AGENT_PAGE = /^\/agents?\/(?:$|[^/]+\/)/i;

// As wouter matches: a parameter is one segment, a trailing slash is allowed, case is ignored.
const matches = (pattern: string, pathname: string) =>
  new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}/?$`, 'i').test(pathname);

/** Whether a page other than Not Found answers this path. */
export const isKnownPage = (pathname: string): boolean =>
  !NOT_AN_AGENT.test(pathname) && ROUTES.some(([pattern]) => matches(pattern, pathname));

/**
 * Starts downloading the code of the page at `pathname` now, rather than once the app has mounted
 * far enough to render it: on a slow network that is a round trip less before the first screen.
 */
export function preloadPage(pathname: string): void {
  pageLoaders
    .get(pageAt(pathname))?.()
    .catch(() => undefined); // a failed download shows when the page renders
}

/** Whether the agent page answers `pathname` (with its own 'Agent Not Found' when there is no such agent), as the Switch below picks it. */
export const isAgentPagePath = (pathname: string): boolean => pageAt(pathname) === AgentDetailPage;

/** The page component that answers `pathname`, as the Switch below picks it. */
function pageAt(pathname: string): ComponentType {
  const match = NO_AGENT_PAGE.test(pathname) ? undefined : ROUTES.find(([pattern]) => matches(pattern, pathname));
  return match ? match[1] : NotFoundPage;
}

/**
 * The file in app/routes/ of the lazily loaded page at `pathname`, or undefined for a page that ships
 * with the app: the server names its chunks in the HTML, so they download with the app's.
 */
export const lazyPageFile = (pathname: string): string | undefined => pageFiles.get(pageAt(pathname));

/**
 * On navigation inside the app: a new page starts at the top, as on a multi-page site, and Back or
 * Forward returns to where the person was (lib/scroll-restoration.ts); the data the server rendered
 * the first page from stops being treated as just fetched.
 */
function OnNavigate() {
  const [location] = useLocation();
  const first = useRef(location);
  useEffect(() => {
    startScrollRestoration();
  }, []);
  useEffect(() => {
    if (location === first.current) return;
    first.current = location;
    forgetServedWithPage();
    afterNavigation();
  }, [location]);
  return null;
}

export function AppRoutes() {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <OnNavigate />
        <Switch>
          {/* Under /agent(s)/ only a single segment is a page; the worker answers any that is not an agent's id with status 404. */}
          <Route path={NO_AGENT_PAGE} component={NotFoundPage} />
          {ROUTES.map(([path, component]) => (
            <Route key={path} path={path} component={component} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
        <HydratedMark part="page" />
      </Suspense>
    </PageErrorBoundary>
  );
}
