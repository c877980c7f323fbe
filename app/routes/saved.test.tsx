import 'fake-indexeddb/auto';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Agent, SavedAgentEntry } from '#common/types.ts';
import { SavedAgentsSync } from '#app/components/saved/saved-agents-sync.tsx';
import { deleteOfflineDb } from '#app/test/offline-db.ts';
import { savedKeys } from '#app/lib/query-keys.ts';
import { forgetSavedSnapshot, listSavedAgents, savedSnapshot } from '#app/lib/saved-agents.ts';
import { addToOutbox } from '#app/lib/outbox.ts';
import { forgetMerged, savedChange } from '#app/lib/saved-sync.ts';
import { agentOf } from '#app/test/agent-set.ts';
import { personOf, signedInClient } from '#app/test/signed-in.tsx';
import SavedPage from './saved';

const person = personOf();
const lead = agentOf(1, { name: 'LeadScout Pro', description: 'Qualifies inbound sales leads.' });
const ledger = agentOf(2, { name: 'LedgerLens', description: 'Chases unpaid invoices politely.' });
const sentry = agentOf(3, { name: 'ContractSentry', description: 'Reviews supplier contracts.' });
const headings = () => cards().map((card) => within(card).getByRole('heading').textContent);

/** The account's list (or a failure), answered when the test says so; every request the page makes, in order. */
let answerSaved: (entries: SavedAgentEntry[] | 'fail') => void;
let requests: string[];
const realFetch = globalThis.fetch;

beforeEach(async () => {
  forgetSavedSnapshot();
  forgetMerged();
  await deleteOfflineDb();
  requests = [];
  const onServer = new Promise<SavedAgentEntry[] | 'fail'>((resolve) => (answerSaved = resolve));
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input instanceof Request ? input.url : input), location.href), init);
    const path = new URL(request.url).pathname;
    requests.push(`${request.method} ${path}`);
    if (path === '/api/auth/session') return Response.json(person);
    if (path === '/api/saved' && request.method === 'GET') {
      const answer = await onServer;
      return answer === 'fail'
        ? Response.json({ message: 'Something went wrong' }, { status: 500 })
        : Response.json(answer);
    }
    if (path.startsWith('/api/saved/') && request.method === 'DELETE') return Response.json({ saved: false });
    return Response.json({ message: 'Not found' }, { status: 404 });
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** /saved as the server drew it for a signed-in person: its list, then the app started on it. */
function openSaved(served: Agent[] | undefined) {
  const client = signedInClient(person);
  if (served) client.setQueryData(savedKeys.served, served);
  render(
    <QueryClientProvider client={client}>
      <SavedAgentsSync />
      <SavedPage />
    </QueryClientProvider>,
  );
}

const cards = () => within(screen.getByRole('list', { name: 'Saved agents' })).getAllByRole('article');
const entry = (agent: Agent, savedAt: number): SavedAgentEntry => ({ agentId: agent.id, savedAt, agent });

describe('/saved signed in on a device that has not merged with the account yet (a new device)', () => {
  it("keeps the server's list until the merge, never 'No saved agents yet', then shows the device's merged copy", async () => {
    openSaved([ledger, lead]);
    // The device's own list (empty) has been read, the account's has not arrived.
    await waitFor(() => expect(savedSnapshot()).toEqual([]));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText('No saved agents yet')).toBeNull();
    expect(headings()).toEqual(['LedgerLens', 'LeadScout Pro']);
    for (const card of cards())
      expect(within(card).getByRole('button', { name: 'Save' }).getAttribute('aria-pressed')).toBe('true');

    // The account has one more by now (saved on another device since the page was drawn): the page
    // moves to the device's list as the merge left it.
    answerSaved([entry(sentry, 3_000), entry(ledger, 2_000), entry(lead, 1_000)]);
    await waitFor(() => expect(headings()).toEqual(['ContractSentry', 'LedgerLens', 'LeadScout Pro']));
    expect((await listSavedAgents()).map((record) => record.id)).toEqual([3, 2, 1]);
    expect(screen.queryByText('No saved agents yet')).toBeNull();
  });

  it("keeps the server's list when the account's cannot be read, rather than say there is nothing", async () => {
    openSaved([ledger, lead]);
    await waitFor(() => expect(savedSnapshot()).toEqual([]));
    answerSaved('fail');
    await waitFor(() => expect(requests).toContain('GET /api/saved'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('No saved agents yet')).toBeNull();
    expect(headings()).toEqual(['LedgerLens', 'LeadScout Pro']);
  });

  it('leaves out an agent whose removal is still on its way to the account (made offline before this load)', async () => {
    await addToOutbox(savedChange(ledger, false, 1_500));
    openSaved([ledger, lead]);
    await waitFor(() => expect(headings()).toEqual(['LeadScout Pro']));
    answerSaved([entry(ledger, 2_000), entry(lead, 1_000)]);
    await waitFor(async () => expect((await listSavedAgents()).map((record) => record.id)).toEqual([1]));
    expect(headings()).toEqual(['LeadScout Pro']);
  });

  it('without a list drawn by the server, shows it loading until the merge, not empty', async () => {
    openSaved(undefined);
    await waitFor(() => expect(savedSnapshot()).toEqual([]));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('status', { name: 'Loading your saved agents' })).toBeTruthy();
    expect(screen.queryByText('No saved agents yet')).toBeNull();

    answerSaved([entry(lead, 1_000)]);
    expect(await screen.findByRole('heading', { name: 'LeadScout Pro' })).toBeTruthy();
  });

  it('a tap on an account-only card before the merge removes it from the account', async () => {
    openSaved([ledger, lead]);
    await waitFor(() => expect(savedSnapshot()).toEqual([]));
    fireEvent.click(within(cards()[0]!).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests).toContain('DELETE /api/saved/2'));
    // It leaves the list at once, as a removal does once merged; the other card stays saved.
    await waitFor(() => expect(headings()).toEqual(['LeadScout Pro']));
    expect(within(cards()[0]!).getByRole('button', { name: 'Save' }).getAttribute('aria-pressed')).toBe('true');

    // The account's list was read before the removal arrived: the change made here wins.
    answerSaved([entry(ledger, 2_000), entry(lead, 1_000)]);
    await waitFor(async () => expect((await listSavedAgents()).map((record) => record.id)).toEqual([1]));
    expect(headings()).toEqual(['LeadScout Pro']);
  });
});
