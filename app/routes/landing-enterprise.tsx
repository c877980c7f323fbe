import { LANDING_AGENT_COUNT, LANDING_GC_MS, LANDING_STALE_MS } from '#common/constants.ts';
import { useAgents } from '#app/features/agents/api/get-agents.ts';
import { EnterpriseLanding } from '#app/features/landing/components/enterprise-landing.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { usePaused } from '#app/hooks/use-paused.ts';

/** /alternative1 (docs/product.md#landings): the enterprise variant. */
export default function LandingEnterprisePage() {
  useDocumentTitle('Enterprise AI agents');
  const { data, isPending, isError, fetchStatus } = useAgents(
    { limit: LANDING_AGENT_COUNT },
    { staleTime: LANDING_STALE_MS, gcTime: LANDING_GC_MS },
  );
  const paused = usePaused({ fetchStatus });
  return (
    <EnterpriseLanding
      agents={data?.items ?? []}
      loading={isPending && !paused}
      failed={!data && (isError || paused)}
    />
  );
}
