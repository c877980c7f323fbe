import type { QueryClient } from '@tanstack/react-query';
import { agentJsonLd } from '#common/agent-json-ld.ts';
import type { PageHead } from '#common/ssr.ts';
import type { Agent, Category } from '#common/types.ts';
import { FALLBACK_IMAGE } from '#app/features/agents/components/category-agent-card.tsx';
import { agentKeys, categoryKeys, creatorKeys } from '#app/lib/query-keys.ts';
import { isAgentPagePath } from '#app/routes.tsx';
import { creatorName, creatorPath, type CreatorPage } from '#common/creators.ts';

const SITE = 'AgentMarket';
const DEFAULT_TITLE = 'AgentMarket · The marketplace for AI agents';
const DEFAULT_DESCRIPTION =
  'Discover, try and review AI agents for marketing, sales, finance, operations and more. Pay only for what you use with credits.';

const titled = (title: string) => `${title} · ${SITE}`;
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

/**
 * An agent's preview picture for shared links (docs/decisions/0021): its cover, else the shared
 * fallback cover, both drawn 640x400 WebP by scripts/generate-agent-images.mjs. A creator's own
 * picture elsewhere on the web is used as it is, its size unknown.
 */
const FALLBACK_COVER = FALLBACK_IMAGE;
const COVER_SIZE = { width: 640, height: 400 };
const OWN_COVER = /^\/agents\/[\w-]+\.webp$/;
/** A cover its creator uploaded (docs/decisions/0028): the browser made it this size. */
const UPLOADED_COVER = /^\/media\/covers\//;
const UPLOADED_COVER_SIZE = { width: 1280, height: 800 };

function agentImage(agent: Agent): Pick<PageHead, 'image' | 'imageAlt' | 'imageSize' | 'preloadImage'> {
  const image = agent.imageUrl ?? FALLBACK_COVER;
  return {
    image,
    imageAlt: agent.imageUrl ? `${agent.name} cover image` : `${agent.name} on ${SITE}`,
    imageSize: OWN_COVER.test(image) ? COVER_SIZE : UPLOADED_COVER.test(image) ? UPLOADED_COVER_SIZE : undefined,
    // The page shows the name's first letter, not the fallback cover: nothing to fetch early.
    preloadImage: agent.imageUrl,
  };
}

/** Static pages: path → [title as the page sets it, description]. */
const STATIC: Record<string, [title: string | null, description: string]> = {
  '/': [null, DEFAULT_DESCRIPTION],
  '/agents': [
    'Browse Agents',
    'Find the right AI agent for every team, from marketing and sales to finance and legal. Compare ratings, reviews and credit costs.',
  ],
  '/discover': [
    'Discover AI Agents',
    'The newest and best-rated AI agents on the marketplace, ready to try. Filter by category, department, rating and cost.',
  ],
  '/agents-agent91': [
    'Meet Your First 22+ AI Agents',
    'Your AI workforce on flexible credits: 100 free credits when you sign up, enough to try several agents on real work.',
  ],
  '/agent91': [
    'AI workforce on flexible credits',
    'Hire AI agents for marketing, sales, finance and operations and pay per use with credits. 1 credit = $1.',
  ],
  '/alternative': [
    'The agent underground',
    'The agents the big platforms will not show you: independent AI agents, tried and rated by their users.',
  ],
  '/alternative1': [
    'Enterprise AI agents',
    'AI agents for the enterprise: governed, rated and paid for per use, for every department.',
  ],
  '/alternative2': [
    'The global AI agent network',
    'A global network of AI agents by department, ready to work for your team on flexible credits.',
  ],
  '/propose-agent': [
    'Propose an Agent',
    'Tell us about an AI agent you would like to see on AgentMarket; our operators review every proposal.',
  ],
  '/documentation': [
    'Documentation',
    'How to find, try, review and list AI agents on AgentMarket, and how credits work.',
  ],
  '/tutorials': ['Tutorials', 'Step-by-step guides to getting work done with AI agents on AgentMarket.'],
  '/api': [
    'API reference',
    'The AgentMarket HTTP API: every route with its parameters, body and answers, from its OpenAPI 3.1 document.',
  ],
  '/about': ['About', 'AgentMarket is the marketplace and professional network for AI agents.'],
  '/blog': ['Blog', 'News, guides and stories from the AgentMarket team and community.'],
  '/careers': ['Careers', 'Work with us on the marketplace and professional network for AI agents.'],
  '/privacy': ['Privacy Policy', 'How AgentMarket collects, uses and protects your data.'],
  '/terms': ['Terms of Service', 'The terms that govern your use of AgentMarket.'],
  '/credits': ['Buy Credits', 'Buy credits to try AI agents on AgentMarket. 1 credit = $1.'],
};
const ALIASES: Record<string, string> = { '/all-agents': '/agents' };
/** Pages about one person's account or device that the server renders (for them): never indexed (robots.txt disallows them too). */
const PRIVATE: Record<string, [title: string, description: string]> = {
  '/billing': [
    'Billing',
    'Your credit history on AgentMarket: purchases, tries and top-ups, each purchase with its receipt.',
  ],
  '/my-agents': ['My Agents', 'Your agents on AgentMarket: their tries, earnings and reviews in the last 30 days.'],
  '/saved': ['Saved agents', 'The AI agents you saved on AgentMarket, readable on this device with no signal.'],
};

/**
 * Title, description, canonical address and social data of a public page, from the data it was
 * rendered with. `url`'s origin is the configured one (the worker never passes on the request's Host,
 * docs/decisions/0024): the JSON-LD's links are made from it.
 */
export function pageHead(url: URL, client: QueryClient, notFound: boolean): PageHead {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const lower = path.toLowerCase();
  const agentMatch = /^\/agents?\/(\d+)$/.exec(lower);
  if (agentMatch) {
    const agent = client.getQueryData<Agent>(agentKeys.detail(Number(agentMatch[1])));
    if (agent) {
      const canonicalPath = `/agents/${agent.id}`;
      return {
        title: `${agent.name} · AI agent on ${SITE}`,
        description: clip(agent.description, 200),
        canonicalPath,
        ...agentImage(agent),
        jsonLd: agentJsonLd(agent, url.origin + canonicalPath, url.origin),
      };
    }
  }
  const creatorMatch = /^\/creators\/([^/]+)$/.exec(path);
  if (creatorMatch && !notFound) {
    const page = client
      .getQueryCache()
      .findAll({ queryKey: [...creatorKeys.all, 'page'] })
      .map((q) => q.state.data as CreatorPage | null | undefined)
      .find(Boolean);
    if (page) return creatorHead(page, url.origin);
  }
  // The title of the page the app shows there: the agent page's own 'Agent Not Found', or Not Found.
  if (notFound)
    return {
      title: titled(isAgentPagePath(url.pathname) ? 'Agent Not Found' : 'Page Not Found'),
      description: DEFAULT_DESCRIPTION,
      canonicalPath: path,
      noindex: true,
    };
  if (lower === '/categories') {
    const id = Number(url.searchParams.get('categoryId'));
    const category = client.getQueryData<Category[]>(categoryKeys.list())?.find((c) => c.id === id);
    return category
      ? {
          title: titled(`${category.name} agents`),
          description: clip(
            category.description ||
              `AI agents for ${category.name}: compare ratings, reviews and credit costs on ${SITE}.`,
            200,
          ),
          canonicalPath: `/categories?categoryId=${category.id}`,
        }
      : {
          title: titled('Agent Categories'),
          description: 'AI agents by category: pick a category to see its agents, their ratings and credit costs.',
          canonicalPath: '/categories',
        };
  }
  if (lower === '/search') {
    const q = (url.searchParams.get('q') ?? url.searchParams.get('search') ?? '').trim();
    return {
      title: titled(q ? `Search: ${q}` : 'Search'),
      description: q
        ? `AI agents matching “${clip(q, 80)}” on ${SITE}: ratings, reviews and credit costs.`
        : `Search the AI agents on ${SITE}.`,
      canonicalPath: q ? `/search?q=${encodeURIComponent(q)}` : '/search',
    };
  }
  const own = PRIVATE[lower];
  if (own) return { title: titled(own[0]), description: own[1], canonicalPath: lower, noindex: true };
  const key = ALIASES[lower] ?? lower;
  const known = STATIC[key];
  if (!known) return { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, canonicalPath: key };
  return { title: known[0] ? titled(known[0]) : DEFAULT_TITLE, description: known[1], canonicalPath: key };
}

/** A creator page's head: their name and bio, their picture, and schema.org Person (docs/decisions/0028). */
function creatorHead(page: CreatorPage, origin: string): PageHead {
  const { creator, totals, agents } = page;
  const name = creatorName(creator);
  const canonicalPath = creatorPath(creator.username);
  const summary = `${name} on ${SITE}: ${totals.agents === 1 ? '1 AI agent' : `${totals.agents} AI agents`}, ratings and reviews.`;
  return {
    title: titled(`${name} · Creator`),
    description: clip(creator.bio ? `${creator.bio} · ${summary}` : summary, 200),
    canonicalPath,
    image: creator.profilePicture ?? undefined,
    imageAlt: creator.profilePicture ? `${name}'s picture` : undefined,
    preloadImage: creator.profilePicture,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: origin + canonicalPath,
      dateCreated: creator.createdAt,
      mainEntity: {
        '@type': 'Person',
        name,
        alternateName: creator.username,
        identifier: String(creator.id),
        url: origin + canonicalPath,
        ...(creator.bio ? { description: creator.bio } : {}),
        ...(creator.profilePicture ? { image: new URL(creator.profilePicture, origin).toString() } : {}),
        ...(creator.website ? { sameAs: [creator.website] } : {}),
        agentInteractionStatistic: {
          '@type': 'InteractionCounter',
          interactionType: 'https://schema.org/FollowAction',
          userInteractionCount: totals.followers,
        },
        owns: agents
          .slice(0, 20)
          .map((a) => ({ '@type': 'SoftwareApplication', name: a.name, url: `${origin}/agents/${a.id}` })),
      },
    },
  };
}
