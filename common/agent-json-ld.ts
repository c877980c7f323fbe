import type { Agent } from './types';

/** schema.org SoftwareApplication for an agent, with its rating and price in credits (1 credit = $1). */
export function agentJsonLd(agent: Agent, url: string, origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: agent.name,
    description: agent.description,
    url,
    applicationCategory: 'BusinessApplication',
    applicationSubCategory: agent.businessCategory ?? undefined,
    operatingSystem: 'Web',
    image: agent.imageUrl ? new URL(agent.imageUrl, origin).toString() : undefined,
    datePublished: agent.createdAt,
    dateModified: agent.updatedAt,
    offers: { '@type': 'Offer', price: agent.creditCost.toFixed(2), priceCurrency: 'USD', url },
    ...(agent.voteCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: agent.averageRating.toFixed(1),
            ratingCount: agent.voteCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
