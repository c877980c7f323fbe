import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Agent } from '../../../../common/types';
import { TryAgentCard } from './try-agent-card';

const agent = {
  id: 7,
  name: 'LedgerLens',
  creatorId: 1,
  creditCost: 7,
  externalUrl: 'https://ledgerlens.agents.example.com/app',
} as Agent;

function setup(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(['auth', 'session'], { id: 2, username: 'sam', credits: 100, consumed: 0 });
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return queryClient;
}

function fakeTab() {
  return { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('TryAgentCard', () => {
  it('opens a blank tab in the click, then sends it to the agent once the credits are debited', async () => {
    const tab = fakeTab();
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    let resolve!: (r: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = setup(<TryAgentCard agent={agent} user={{ id: 2 }} />);

    fireEvent.click(screen.getByRole('button', { name: 'Try Agent (7 credits)' }));
    // Opened synchronously, before the request answers, and cut off from this page.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/agents/7/try', expect.objectContaining({ method: 'POST' }));

    await act(async () => resolve(json(200, { balance: 93, consumed: 7, url: agent.externalUrl })));
    expect(await screen.findByText('Credits deducted')).toBeTruthy();
    expect(tab.location.href).toBe(agent.externalUrl);
    expect(queryClient.getQueryData<{ credits: number; consumed: number }>(['auth', 'session'])).toMatchObject({ credits: 93, consumed: 7 });
  });

  it('closes the tab and offers to buy credits when the balance is short (402)', async () => {
    const tab = fakeTab();
    vi.stubGlobal('open', vi.fn(() => tab));
    vi.stubGlobal('fetch', vi.fn(async () => json(402, { message: 'Not enough credits to try this agent', error: 'Not enough credits to try this agent' })));
    setup(<TryAgentCard agent={agent} user={{ id: 2 }} />);

    fireEvent.click(screen.getByRole('button', { name: 'Try Agent (7 credits)' }));
    expect((await screen.findByRole('link', { name: 'Buy credits' })).getAttribute('href')).toBe('/credits');
    expect(screen.getByText('Not enough credits to try this agent')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
  });

  it('omits the cost for the creator and sends visitors to sign in', () => {
    setup(
      <>
        <TryAgentCard agent={agent} user={{ id: 1 }} />
        <TryAgentCard agent={agent} user={null} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Try Agent' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login to Try Agent' }).getAttribute('href')).toBe('/auth');
  });
});
