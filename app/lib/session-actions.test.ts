import { QueryClient } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { agentOf } from '#app/test/agent-set.ts';
import { agentKeys, savedKeys } from './query-keys';
import { clearPrivateData } from './session-actions';

it("forgets /saved as the server drew it for the person (their account's agents), not the public catalogue", () => {
  const client = new QueryClient();
  const agent = agentOf(2, { name: 'LedgerLens', description: 'Chases unpaid invoices politely.' });
  client.setQueryData(savedKeys.served, [agent]);
  client.setQueryData(agentKeys.detail(2), agent);
  clearPrivateData(client);
  expect(client.getQueryData(savedKeys.served)).toBeUndefined();
  expect(client.getQueryData(agentKeys.detail(2))).toEqual(agent);
});
