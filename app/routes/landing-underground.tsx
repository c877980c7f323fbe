import { LANDING_AGENT_COUNT, LANDING_GC_MS, LANDING_STALE_MS } from '../../common/constants';
import { useAgents } from '../features/agents/api/get-agents';
import { UndergroundLanding } from '../features/landing/components/underground-landing';
import { useDocumentTitle } from '../hooks/use-document-title';
import { usePaused } from '../hooks/use-paused';

/** /alternative (DESIGN decision 9): the dark underground variant. */
export default function LandingUndergroundPage() {
  useDocumentTitle('The agent underground');
  const { data, isPending, isError, fetchStatus } = useAgents({ limit: LANDING_AGENT_COUNT }, { staleTime: LANDING_STALE_MS, gcTime: LANDING_GC_MS });
  const paused = usePaused({ fetchStatus });
  return <UndergroundLanding agents={data?.items ?? []} loading={isPending && !paused} failed={!data && (isError || paused)} />;
}
