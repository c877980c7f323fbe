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

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  document.cookie = 'pending-try=; Max-Age=0; Path=/';
});

const keyOf = (call: unknown[]) => new Headers((call[1] as RequestInit).headers).get('Idempotency-Key');

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

  it('sends a try whose answer was lost again with the same key, checking it, and shows the result once', async () => {
    const tab = fakeTab();
    vi.stubGlobal('open', vi.fn(() => tab));
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementationOnce(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    setup(<TryAgentCard agent={agent} user={{ id: 2 }} />);

    fireEvent.click(screen.getByRole('button', { name: 'Try Agent (7 credits)' }));
    expect(await screen.findByRole('button', { name: 'Checking your try…' })).toBeTruthy();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2), { timeout: 3000 });
    const [first, second] = fetchMock.mock.calls;
    expect(keyOf(first!)).toMatch(/^[\w-]{8,}$/);
    expect(keyOf(second!)).toBe(keyOf(first!));
    // Kept for a reload until the answer comes.
    expect(sessionStorage.getItem('pending-try:7')).toBe(keyOf(first!));
  });

  it('keeps the key after the retries give up, so the next tap asks for the same try; a success drops it', async () => {
    const tab = fakeTab();
    vi.stubGlobal('open', vi.fn(() => tab));
    const fetchMock = vi.fn(async () => json(503, { message: 'Service unavailable', error: 'Service unavailable' }));
    vi.stubGlobal('fetch', fetchMock);
    setup(<TryAgentCard agent={agent} user={{ id: 2 }} />);

    fireEvent.click(screen.getByRole('button', { name: 'Try Agent (7 credits)' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(5), { timeout: 12_000 });
    expect(await screen.findByRole('button', { name: 'Try Agent (7 credits)' })).toBeTruthy();
    expect(new Set(fetchMock.mock.calls.map(keyOf)).size).toBe(1);
    expect(tab.close).toHaveBeenCalled();

    fetchMock.mockImplementation(async () => json(200, { balance: 93, consumed: 7, url: agent.externalUrl }));
    fireEvent.click(screen.getByRole('button', { name: 'Try Agent (7 credits)' }));
    expect(await screen.findAllByText('Credits deducted')).toHaveLength(1);
    expect(keyOf(fetchMock.mock.calls[5]!)).toBe(keyOf(fetchMock.mock.calls[0]!));
    expect(sessionStorage.getItem('pending-try:7')).toBeNull();

    // After success, a new tap is a new try.
    fireEvent.click(screen.getByRole('button', { name: 'Try Agent (7 credits)' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(7));
    expect(keyOf(fetchMock.mock.calls[6]!)).not.toBe(keyOf(fetchMock.mock.calls[0]!));
  }, 20_000);

  it('after a reload asks how the pending try ended: paid shows the result and the agent one tap away', async () => {
    sessionStorage.setItem('pending-try:7', 'key-from-before-reload');
    document.cookie = 'pending-try=1; Path=/';
    const fetchMock = vi.fn(async () => json(200, { balance: 93, consumed: 7, url: agent.externalUrl }));
    vi.stubGlobal('fetch', fetchMock);
    setup(<TryAgentCard agent={agent} user={{ id: 2 }} />);

    expect(await screen.findByText('Credits deducted')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/agents/7/try/key-from-before-reload', expect.objectContaining({ method: 'GET' }));
    expect(screen.getByText(/Your balance is 93 credits/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open LedgerLens/ }).getAttribute('href')).toBe(agent.externalUrl);
    // Not opened yet: Try Agent asks for the same try (the server replays it) and opens it.
    const tab = fakeTab();
    vi.stubGlobal('open', vi.fn(() => tab));
    fireEvent.click(screen.getByRole('button', { name: 'Try Agent (7 credits)' }));
    await vi.waitFor(() => expect(tab.location.href).toBe(agent.externalUrl));
    expect(keyOf(fetchMock.mock.calls[1] as unknown[])).toBe('key-from-before-reload');
    expect(screen.getAllByText('Credits deducted')).toHaveLength(1);
  });

  it('after a reload says so when the pending try charged nothing, and forgets its key', async () => {
    sessionStorage.setItem('pending-try:7', 'key-never-arrived');
    document.cookie = 'pending-try=1; Path=/';
    const message = 'This try did not go through: nothing was charged';
    vi.stubGlobal('fetch', vi.fn(async () => json(404, { message, error: message })));
    setup(<TryAgentCard agent={agent} user={{ id: 2 }} />);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(sessionStorage.getItem('pending-try:7')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try Agent (7 credits)' })).toBeTruthy();
  });
});
