import { LANDING_AGENT_COUNT, LANDING_GC_MS, LANDING_STALE_MS } from '../../common/constants';
import { useAgents } from '../features/agents/api/get-agents';
import { EnterpriseLanding } from '../features/landing/components/enterprise-landing';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePaused } from '../hooks/use-paused';

/** /alternative1 (DESIGN decision 9): the enterprise variant. */
export default function LandingEnterprisePage() {
  useDocumentTitle('Enterprise AI agents');
  const { data, isPending, isError, fetchStatus } = useAgents({ limit: LANDING_AGENT_COUNT }, { staleTime: LANDING_STALE_MS, gcTime: LANDING_GC_MS });
  const paused = usePaused({ fetchStatus });
  return <EnterpriseLanding agents={data?.items ?? []} loading={isPending && !paused} failed={!data && (isError || paused)} />;
}
