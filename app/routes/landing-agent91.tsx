import { LANDING_AGENT_COUNT, LANDING_GC_MS, LANDING_STALE_MS } from '#common/constants.ts';
import { useAgents } from '#app/features/agents/api/get-agents.ts';
import { Agent91Landing } from '#app/features/landing/components/agent91-landing.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { usePaused } from '#app/hooks/use-paused.ts';

/** /agent91 (docs/product.md#landings): the SMB credits pitch. */
export default function LandingAgent91Page() {
  useDocumentTitle('AI workforce on flexible credits');
  const { data, isPending, isError, fetchStatus } = useAgents(
    { limit: LANDING_AGENT_COUNT },
    { staleTime: LANDING_STALE_MS, gcTime: LANDING_GC_MS },
  );
  const paused = usePaused({ fetchStatus });
  return (
    <Agent91Landing agents={data?.items ?? []} loading={isPending && !paused} failed={!data && (isError || paused)} />
  );
}
