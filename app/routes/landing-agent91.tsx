import { LANDING_AGENT_COUNT, LANDING_GC_MS, LANDING_STALE_MS } from '../../common/constants';
import { useAgents } from '../features/agents/api/get-agents';
import { Agent91Landing } from '../features/landing/components/agent91-landing';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePaused } from '../hooks/use-paused';

/** /agent91 (DESIGN decision 9): the SMB credits pitch. */
export default function LandingAgent91Page() {
  useDocumentTitle('AI workforce on flexible credits');
  const { data, isPending, isError, fetchStatus } = useAgents({ limit: LANDING_AGENT_COUNT }, { staleTime: LANDING_STALE_MS, gcTime: LANDING_GC_MS });
  const paused = usePaused({ fetchStatus });
  return <Agent91Landing agents={data?.items ?? []} loading={isPending && !paused} failed={!data && (isError || paused)} />;
}
