import { useEffect } from 'react';
import { api } from '#app/lib/api-client.ts';
import { viewCountedAtLoad } from '../lib/view-at-load';

/**
 * Counts one view of an agent's page for its creator's insights (POST /api/agents/{id}/views; only a
 * count per hour is kept). Not for the creator's own visits (nor does the server count them); a failed
 * count is not worth a retry. The page the server rendered was counted at its load, by the server or
 * by the entry script (../lib/view-at-load.ts).
 */
export function useCountView(agentId: number, isCreator: boolean, sessionLoading: boolean) {
  useEffect(() => {
    if (sessionLoading || isCreator || !navigator.onLine || viewCountedAtLoad(agentId)) return;
    api.agents[':id'].views.$post({ param: { id: String(agentId) } }, { init: { keepalive: true } }).catch(() => {});
  }, [agentId, isCreator, sessionLoading]);
}
