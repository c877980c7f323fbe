import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Agent } from '#common/types.ts';
import { safeExternalUrl } from '#app/features/landing/lib/pricing.ts';

/**
 * Landing cards open the agent's own site in a new tab (docs/product.md#screens); noopener keeps that site
 * from reaching back into this one. Without a usable address the agent's page opens instead.
 */
export function ExternalAgentLink({
  agent,
  className,
  children,
  label,
}: {
  agent: Agent;
  className: string;
  children: ReactNode;
  label?: string;
}) {
  const url = safeExternalUrl(agent.externalUrl);
  if (!url)
    return (
      <Link href={`/agent/${agent.id}`} className={className} aria-label={label}>
        {children}
      </Link>
    );
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      aria-label={label ? `${label} (opens in a new tab)` : undefined}
    >
      {children}
      {!label && <span className="sr-only"> (opens in a new tab)</span>}
    </a>
  );
}
