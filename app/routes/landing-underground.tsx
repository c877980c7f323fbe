import { useLandingAgents } from '#app/features/agents/api/get-agents.ts';
import { UndergroundLanding } from '#app/features/landing/components/underground-landing.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

/** /alternative (docs/product.md#landings): the dark underground variant. */
export default function LandingUndergroundPage() {
  useDocumentTitle('The agent underground');
  return <UndergroundLanding {...useLandingAgents()} />;
}
