import { useLandingAgents } from '#app/features/agents/api/get-agents.ts';
import { Agent91Landing } from '#app/features/landing/components/agent91-landing.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

/** /agent91 (docs/product.md#landings): the SMB credits pitch. */
export default function LandingAgent91Page() {
  useDocumentTitle('AI workforce on flexible credits');
  return <Agent91Landing {...useLandingAgents()} />;
}
