// The contract between the worker and the app's server renderer (app/entry-server.tsx, built by
// vite.ssr.config.ts): the worker supplies the catalogue through the same data functions its API
// uses, the app renders a page and says what its <head> and status should be (docs/decisions/0012).
import type { AgentChange, MyAgentsConsole } from './api-schemas';
import type { CreatorPage, CreatorSort } from './creators';
import type {
  Agent,
  AgentSort,
  Category,
  CreditTransaction,
  Department,
  Rating,
  ReportItemType,
  ReviewSort,
  SessionUser,
} from './types';

export interface CatalogListParams {
  q?: string;
  categoryId?: number;
  departmentId?: number;
  sort?: AgentSort;
  limit?: number;
  offset?: number;
}

/** What the server renderer may read; each answer is what the matching GET /api call returns. */
export interface CatalogSource {
  listAgents(params: CatalogListParams): Promise<{ items: Agent[]; total: number }>;
  /** As GET /api/agents/search: `sort` is a search sort name ('relevance' or a list sort). */
  searchAgents(
    q: string,
    options: { departmentId?: number; sort?: string; exact?: boolean },
    limit: number,
    offset: number,
  ): Promise<{ items: Agent[]; total: number; corrected: string | null; anyTerm: boolean }>;
  getAgent(id: number): Promise<Agent | null>;
  /** As GET /api/agents/{id}/changes: its 'What's new' notes, latest first (docs/decisions/0043). */
  agentChanges(id: number): Promise<AgentChange[]>;
  /** As GET /api/agents/{id}/ratings?sort=: the first page and the total. */
  agentRatings(id: number, sort: ReviewSort): Promise<{ items: Rating[]; total: number }>;
  categories(): Promise<Category[]>;
  departments(): Promise<Department[]>;
  /** As GET /api/creators/{username}; null for no such person (the page answers 404). */
  creator(username: string, sort: CreatorSort): Promise<CreatorPage | null>;
  /** As GET /api/agents/creator/{userId}?limit=: the agent page's 'More from this creator'. */
  creatorAgents(userId: number, limit: number): Promise<Agent[]>;
  /** The agents of these ids anyone may see, in this order: /saved, drawn from the device's cookie (docs/decisions/0036). */
  agentsByIds(ids: readonly number[]): Promise<Agent[]>;
}

/** The page's own title, description, canonical address, social picture and structured data. */
export interface PageHead {
  title: string;
  description: string;
  /** Path and query of the canonical address (the worker adds the origin). */
  canonicalPath: string;
  /** Path (or address) of the social preview picture (og:image), when the page has one of its own. */
  image?: string;
  /** What the preview picture shows (og:image:alt). */
  imageAlt?: string;
  /** Its size in pixels, when known (our own covers), so link previews lay it out before fetching it. */
  imageSize?: { width: number; height: number };
  /** The picture in view at the top of the page, fetched with it (a preload); by default `image`. */
  preloadImage?: string | null;
  /** schema.org data, already a plain object. */
  jsonLd?: Record<string, unknown>;
  /** Whether search engines should leave the page out (search results, unknown paths). */
  noindex?: boolean;
}

export interface RenderedPage {
  /** 200, or 404 for an unknown path or agent. */
  status: number;
  head: PageHead;
  /** The TanStack Query cache the page was rendered from, dehydrated (JSON text, not yet escaped for HTML). */
  state: string;
  /** The app's markup for #root. */
  body: ReadableStream<Uint8Array>;
  /** The rendered page's file in app/routes/ when it is loaded lazily (its key in route-chunks.json). */
  pageFile?: string;
}

/**
 * The signed-in person a page is rendered for (docs/decisions/0019, 0031), and what the renderer may
 * read of theirs: only their own.
 */
export interface Account {
  user: SessionUser;
  /** As GET /api/credits/transactions: their credit history, newest first. */
  transactions(): Promise<CreditTransaction[]>;
  /** As GET /api/follows/agents: the home page's new agents from creators they follow. */
  newFromFollowed(): Promise<Agent[]>;
  /** Their newest saves' ids, newest first (at most SAVED_AGENTS_DRAWN): /saved on a device that has not merged with the account. */
  savedAgentIds(): Promise<number[]>;
  /** As GET /api/my-agents: My Agents' console, their agents with 30 days' figures (docs/decisions/0043). */
  myAgentsConsole(): Promise<MyAgentsConsole>;
  /** As GET /api/reports/mine: what of an agent's page they have reported, so its buttons say 'Reported' in the HTML. */
  myReports(agentId: number): Promise<{ itemType: ReportItemType; itemId: number }[]>;
}

/**
 * `account`: given when the person asking is signed in; the page is then rendered for them, navbar
 * included. Without it a page renders as a visitor sees it.
 */
/**
 * What the browser said of the device in its request: the ids of the agents saved on it, newest
 * first, from its cookie (sent only with /saved; docs/decisions/0036).
 */
export interface DeviceHints {
  savedAgentIds: number[];
}

export type RenderPage = (
  url: URL,
  source: CatalogSource,
  account?: Account,
  device?: DeviceHints,
) => Promise<RenderedPage>;

/** The file in app/routes/ of the lazily loaded page at a path, or undefined for a page shipped with the app. */
export type LazyPageFile = (pathname: string) => string | undefined;

/** Whether a page other than Not Found answers a path. */
export type IsKnownPage = (pathname: string) => boolean;

/** Where the page carries its dehydrated query cache. */
export const QUERY_STATE_ELEMENT_ID = 'query-state';
/**
 * The meta tag naming a rendered page's own script chunks (space-separated paths), which the entry
 * script fetches with the app once the page is painted (docs/decisions/0017).
 */
export const PAGE_MODULES_META = 'page-modules';
/**
 * The meta tag in which the server names the cookies of ENTRY_COOKIES (common/constants.ts) that a
 * rendered page's request carried, so the entry script need not read document.cookie: that read
 * asks the browser's process and holds the page until it answers, 3-12 ms at a mid-tier phone's
 * speed on our machines (docs/decisions/0031).
 */
export const REQUEST_COOKIES_META = 'request-cookies';
/**
 * The meta tag of an agent page whose view the server took as it rendered it (content: the agent's
 * id): counted, or left out as the creator's own. The app does not count that view again.
 */
export const VIEW_COUNTED_META = 'view-counted';
/**
 * The meta tag of an agent page whose view the server left to the page (content: the agent's id):
 * a request that did not say it was a browser's navigation (a prefetch, a prerender, a browser that
 * sends no Sec-Fetch-Dest). The entry script counts it once the page is shown.
 */
export const VIEW_TO_COUNT_META = 'view-to-count';
