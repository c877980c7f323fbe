import type { Agent } from '#common/types.ts';
import { newIdempotencyKey } from './idempotency-key';
import type { NewOutboxItem } from './outbox';

/**
 * The outbox item that saves (PUT) or removes (DELETE) one agent on the server. Its own module, so
 * the entry script can queue one (app/lib/early-save.ts) without the app's API client.
 */
export const savedChange = (agent: Pick<Agent, 'id' | 'name'>, save: boolean, savedAt: number): NewOutboxItem =>
  save
    ? {
        id: newIdempotencyKey(),
        kind: 'save',
        method: 'PUT',
        url: `/api/saved/${agent.id}`,
        body: { savedAt },
        label: `Save ${agent.name}`,
        agentId: agent.id,
      }
    : {
        id: newIdempotencyKey(),
        kind: 'unsave',
        method: 'DELETE',
        url: `/api/saved/${agent.id}`,
        body: {},
        label: `Remove ${agent.name} from saved`,
        agentId: agent.id,
      };
