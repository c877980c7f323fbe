import { useLandingAgents } from '#app/features/agents/api/get-agents.ts';
import { EnterpriseLanding } from '#app/features/landing/components/enterprise-landing.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

/** /alternative1 (docs/product.md#landings): the enterprise variant. */
export default function LandingEnterprisePage() {
  useDocumentTitle('Enterprise AI agents');
  return <EnterpriseLanding {...useLandingAgents()} />;
}
