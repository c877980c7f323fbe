import { LANDING_AGENT_COUNT, LANDING_GC_MS, LANDING_STALE_MS } from '#common/constants.ts';
import { useAgents } from '#app/features/agents/api/get-agents.ts';
import { UndergroundLanding } from '#app/features/landing/components/underground-landing.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { usePaused } from '#app/hooks/use-paused.ts';

/** /alternative (docs/product.md#landings): the dark underground variant. */
export default function LandingUndergroundPage() {
  useDocumentTitle('The agent underground');
  const { data, isPending, isError, fetchStatus } = useAgents(
    { limit: LANDING_AGENT_COUNT },
    { staleTime: LANDING_STALE_MS, gcTime: LANDING_GC_MS },
  );
  const paused = usePaused({ fetchStatus });
  return (
    <UndergroundLanding
      agents={data?.items ?? []}
      loading={isPending && !paused}
      failed={!data && (isError || paused)}
    />
  );
}
