import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useLayoutEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Agent } from '#common/types.ts';
import { openEarlyTab } from '#app/lib/blank-tab.ts';
import { TryActionProvider, TryAgentBar, TryAgentCard, useTryAction } from './try-agent-card';

const agent = {
  id: 7,
  name: 'LedgerLens',
  creatorId: 1,
  creditCost: 7,
  externalUrl: 'https://ledgerlens.agents.example.com/app',
} as Agent;

/** The card as the agent page renders it, with its own try. */
function Card({ agent: a, user }: { agent: Agent; user: { id: number; credits?: number } | null }) {
  return <TryAgentCard action={useTryAction(a, user && { credits: 100, ...user })} />;
}

/** How many times the page's content beside the try (its hero, tabs and reviews) has rendered. */
let pageRenders = 0;
function PageContent() {
  pageRenders += 1;
  return null;
}

/** The sidebar's card and the phone's bar sharing one try, as on the page, the page's content beside them. */
function CardAndBar({ agent: a = agent, user }: { agent?: Agent; user: { id: number; credits: number } }) {
  return (
    <TryActionProvider agent={a} user={user}>
      <TryAgentCard />
      <PageContent />
      <TryAgentBar />
    </TryActionProvider>
  );
}

/** A client with no retries, sam (id 2, 100 credits) signed in. */
function signedInClient() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(['auth', 'session'], { id: 2, username: 'sam', credits: 100, consumed: 0 });
  return queryClient;
}

function setup(ui: ReactNode) {
  const queryClient = signedInClient();
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return queryClient;
}

/** The tab a try opens, as window.open gives it (stubbed). */
function stubTab() {
  const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
  vi.stubGlobal(
    'open',
    vi.fn(() => tab),
  );
  return tab;
}

/**
 * Where a try sent the person: the blank tab's new address, or the agent's address opened directly
 * when the try answered before the blank tab was opened (it opens two frames after the tap).
 */
const agentOpenedIn = (tab: { location: { href: string } }) =>
  tab.location.href || vi.mocked(window.open).mock.calls.find(([url]) => url)?.[0];

/** fetch, stubbed with `answer`. */
function stubFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server's answer to a paid try: the new balance and where the agent is. */
const paid = async () => json(200, { balance: 93, consumed: 7, url: agent.externalUrl });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  document.cookie = 'pending-try=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/';
});

const keyOf = (call: unknown[]) => new Headers((call[1] as RequestInit).headers).get('Idempotency-Key');

describe('TryAgentCard', () => {
  it('answers the tap first, opens a blank tab two frames later, then sends it to the agent once debited', async () => {
    const tab = stubTab();
    let resolve!: (r: Response) => void;
    const fetchMock = stubFetch(() => new Promise<Response>((r) => (resolve = r)));
    const queryClient = setup(<Card agent={agent} user={{ id: 2 }} />);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const answeredWhenOpened: boolean[] = [];
    vi.mocked(window.open).mockImplementation(() => {
      answeredWhenOpened.push(screen.queryByRole('button', { name: 'Processing...' }) !== null);
      return tab as unknown as Window;
    });

    fireEvent.click(screen.getByRole('button', { name: 'Try Agent (7 credits)' }));
    // The tap's answer is in the tap's own commit, before any timer runs (the mutation's pending
    // state comes from one), so it is drawn before the window is made (opening one holds the
    // page's thread)...
    expect(screen.getByRole('button', { name: 'Processing...' }).getAttribute('aria-busy')).toBe('true');
    // ...and the tab opens after the frame that follows the one drawing it (making a window holds
    // the browser too, which would keep that frame off the screen), before the request answers,
    // cut off from this page.
    const nextFrames = async () => {
      for (const frame of frames.splice(0)) frame(performance.now());
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    await nextFrames();
    expect(window.open).not.toHaveBeenCalled();
    await nextFrames();
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(answeredWhenOpened).toEqual([true]);
    expect(window.open).toHaveBeenCalledTimes(1);
    expect(tab.opener).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/agents/7/try', expect.objectContaining({ method: 'POST' }));

    await act(async () => resolve(await paid()));
    expect(await screen.findByText('Credits deducted')).toBeTruthy();
    expect(tab.location.href).toBe(agent.externalUrl);
    expect(queryClient.getQueryData<{ credits: number; consumed: number }>(['auth', 'session'])).toMatchObject({
      credits: 93,
      consumed: 7,
    });
  });

  it('a tap held before the app ran is tried in the tab the entry script opened for it, no second one opened', async () => {
    const tab = stubTab();
    stubFetch(paid);
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
    setup(<Card agent={agent} user={{ id: 2 }} />);
    const tryAgent = screen.getByRole('button', { name: 'Try Agent (7 credits)' });
    // Marked for the entry script, which opens the tab of a held tap (app/lib/early-clicks.ts).
    expect(tryAgent.hasAttribute('data-opens-tab')).toBe(true);
    openEarlyTab();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(window.open).toHaveBeenCalledTimes(1);

    fireEvent.click(tryAgent); // the held tap, replayed
    expect(await screen.findByText('Credits deducted')).toBeTruthy();
    expect(tab.location.href).toBe(agent.externalUrl);
    expect(window.open).toHaveBeenCalledTimes(1);
  });

  it('a try that answers before its blank tab opens opens the agent itself, cut from the page, and says so', async () => {
    // No frame comes (the blank tab waits for two), and the answer is at hand.
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const tab = stubTab();
    stubFetch(paid);
    setup(<Card agent={agent} user={{ id: 2 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try Agent (7 credits)' }));
    expect(await screen.findByText('Credits deducted')).toBeTruthy();
    expect(window.open).toHaveBeenCalledTimes(1);
    expect(window.open).toHaveBeenCalledWith(agent.externalUrl, '_blank');
    expect(tab.opener).toBeNull();
    // Opened: the link is there to open it again.
    expect(screen.getByRole('link', { name: /^Open LedgerLens again/ }).getAttribute('href')).toBe(agent.externalUrl);
  });

  it('a tab the browser blocked leaves the agent one tap away', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    stubFetch(paid);
    setup(<Card agent={agent} user={{ id: 2 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try Agent (7 credits)' }));
    expect(await screen.findByText('Credits deducted')).toBeTruthy();
    const link = screen.getByRole('link', { name: /^Open LedgerLens/ });
    expect(link.textContent).not.toContain('again');
    expect(link.getAttribute('href')).toBe(agent.externalUrl);
  });

  it('closes the tab and offers to buy credits when the balance is short (402)', async () => {
    const tab = stubTab();
    stubFetch(async () =>
      json(402, { message: 'Not enough credits to try this agent', error: 'Not enough credits to try this agent' }),
    );
    setup(<Card agent={agent} user={{ id: 2 }} />);

    fireEvent.click(screen.getByRole('button', { name: 'Try Agent (7 credits)' }));
    // What covers a try, and back to this agent once bought.
    expect((await screen.findByRole('link', { name: 'Buy credits' })).getAttribute('href')).toBe(
      '/credits?amount=50&next=%2Fagents%2F7',
    );
    expect(screen.getByText('Not enough credits to try this agent')).toBeTruthy();
    // No blank tab left behind: none opened (the refusal came before the frame), or it was closed.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(vi.mocked(window.open).mock.calls.length).toBe(tab.close.mock.calls.length);
  });

  it('omits the cost for the creator and sends visitors to sign in', () => {
    setup(
      <>
        <Card agent={agent} user={{ id: 1 }} />
        <Card agent={agent} user={null} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Try Agent' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login to Try Agent' }).getAttribute('href')).toBe('/auth');
  });

  it('short of the cost, offers to buy what covers it instead of trying, and opens no tab', () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setup(<Card agent={{ ...agent, creditCost: 90 }} user={{ id: 2, credits: 82 }} />);
    expect(screen.queryByRole('button', { name: /Try Agent/ })).toBeNull();
    const buy = screen.getByRole('link', { name: 'Buy credits to try' });
    expect(buy.getAttribute('href')).toBe('/credits?amount=50&next=%2Fagents%2F7');
    expect(screen.getByText('You have 82 credits: not enough for one try.')).toBeTruthy();
    fireEvent.click(buy);
    expect(open).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("the short balance under a phone's bar is in the server's HTML, so the bar does not grow under a finger", async () => {
    // A phone: the sidebar's breakpoint does not match.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const queryClient = new QueryClient();
    const page = (
      <QueryClientProvider client={queryClient}>
        <CardAndBar agent={{ ...agent, creditCost: 90 }} user={{ id: 2, credits: 82 }} />
      </QueryClientProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const note = 'You have 82 credits: not enough for one try.';
    const bar = () => within(container).getByRole('region', { name: 'Try LedgerLens' });
    expect(within(bar()).getByText(note)).toBeTruthy();

    const mismatch = vi.fn();
    let root: { unmount(): void } | undefined;
    await act(async () => {
      root = hydrateRoot(container, page, { onRecoverableError: mismatch });
    });
    expect(mismatch).not.toHaveBeenCalled();
    // Still in the bar, and now said once: the card (hidden on a phone) no longer repeats it.
    expect(within(bar()).getByText(note)).toBeTruthy();
    expect(within(container).getAllByText(note)).toHaveLength(1);
    act(() => root?.unmount());
    container.remove();
  });

  it('a double tap is one try: the button is disabled by the first tap, before its request is sent', async () => {
    const tab = stubTab();
    const fetchMock = stubFetch(paid);
    setup(<Card agent={agent} user={{ id: 2 }} />);
    const button = screen.getByRole('button', { name: 'Try Agent (7 credits)' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('Credits deducted')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(agentOpenedIn(tab)).toBe(agent.externalUrl);
  });

  it('the bar and the card are one try: a tap in the bar shows its result once, in the part shown', async () => {
    const tab = stubTab();
    const fetchMock = stubFetch(paid);
    pageRenders = 0;
    setup(<CardAndBar user={{ id: 2, credits: 100 }} />);
    const bar = screen.getByRole('region', { name: 'Try LedgerLens' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Try Agent (7 credits)' }));
    expect(await screen.findAllByText('Credits deducted')).toHaveLength(1);
    // A wide screen (happy-dom's 1024 px): the sidebar's card says it.
    expect(within(screen.getByRole('region', { name: 'Credits required' })).getByText('Credits deducted')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(agentOpenedIn(tab)).toBe(agent.externalUrl);
    // The try's states re-rendered the card and the bar only: the page around them rendered once.
    expect(pageRenders).toBe(1);
  });

  it('sends a try whose answer was lost again with the same key, checking it, and shows the result once', async () => {
    stubTab();
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementationOnce(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    setup(<Card agent={agent} user={{ id: 2 }} />);

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
    const tab = stubTab();
    const fetchMock = stubFetch(async () =>
      json(503, { message: 'Service unavailable', error: 'Service unavailable' }),
    );
    setup(<Card agent={agent} user={{ id: 2 }} />);

    fireEvent.click(screen.getByRole('button', { name: 'Try Agent (7 credits)' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(5), { timeout: 12_000 });
    expect(await screen.findByRole('button', { name: 'Try Agent (7 credits)' })).toBeTruthy();
    expect(new Set(fetchMock.mock.calls.map(keyOf)).size).toBe(1);
    expect(tab.close).toHaveBeenCalled();

    fetchMock.mockImplementation(paid);
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
    const fetchMock = stubFetch(paid);
    setup(<Card agent={agent} user={{ id: 2 }} />);

    expect(await screen.findByText('Credits deducted')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/agents/7/try/key-from-before-reload',
      expect.objectContaining({ method: 'GET' }),
    );
    expect(screen.getByText(/Your balance is 93 credits/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open LedgerLens/ }).getAttribute('href')).toBe(agent.externalUrl);
    // Not opened yet: Try Agent asks for the same try (the server replays it) and opens it.
    const tab = stubTab();
    fireEvent.click(screen.getByRole('button', { name: 'Try Agent (7 credits)' }));
    await vi.waitFor(() => expect(agentOpenedIn(tab)).toBe(agent.externalUrl));
    expect(keyOf(fetchMock.mock.calls[1] as unknown[])).toBe('key-from-before-reload');
    expect(screen.getAllByText('Credits deducted')).toHaveLength(1);
  });

  it('a tap held until the app ran, replayed before its effects: the key an earlier page left, sent once, and nothing else asked', async () => {
    sessionStorage.setItem('pending-try:7', 'key-from-before-reload');
    document.cookie = 'pending-try=1; Path=/';
    const tab = stubTab();
    const fetchMock = stubFetch(paid);
    // Layout effects run before the passive ones of the same commit: the tap comes first, as a held tap
    // replayed once the page has hydrated does.
    function TappedAtOnce() {
      const action = useTryAction(agent, { id: 2, credits: 100 });
      // eslint-disable-next-line react-hooks/exhaustive-deps
      useLayoutEffect(() => action.onTry(), []);
      return <TryAgentCard action={action} />;
    }
    setup(<TappedAtOnce />);

    await vi.waitFor(() => expect(agentOpenedIn(tab)).toBe(agent.externalUrl));
    expect(await screen.findByText('Credits deducted')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/agents/7/try', expect.objectContaining({ method: 'POST' }));
    expect(keyOf(fetchMock.mock.calls[0] as unknown[])).toBe('key-from-before-reload');
    expect(sessionStorage.getItem('pending-try:7')).toBeNull();
  });

  it('after a reload says so when the pending try charged nothing, and forgets its key', async () => {
    sessionStorage.setItem('pending-try:7', 'key-never-arrived');
    document.cookie = 'pending-try=1; Path=/';
    const message = 'This try did not go through: nothing was charged';
    stubFetch(async () => json(404, { message, error: message }));
    setup(<Card agent={agent} user={{ id: 2 }} />);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(sessionStorage.getItem('pending-try:7')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try Agent (7 credits)' })).toBeTruthy();
  });

  describe('the page kept from one agent to the next (a link to another agent)', () => {
    const other = {
      ...agent,
      id: 8,
      name: 'QuotaPilot',
      creditCost: 5,
      externalUrl: 'https://quotapilot.example.com/',
    };
    const page = (queryClient: QueryClient, a: Agent) => (
      <QueryClientProvider client={queryClient}>
        <CardAndBar agent={a} user={{ id: 2, credits: 100 }} />
      </QueryClientProvider>
    );

    it("shows one agent's try on its own page only", async () => {
      stubTab();
      stubFetch(paid);
      const queryClient = signedInClient();
      const { rerender } = render(page(queryClient, agent));
      fireEvent.click(screen.getAllByRole('button', { name: 'Try Agent (7 credits)' })[0]!);
      expect(await screen.findByText('Credits deducted')).toBeTruthy();

      rerender(page(queryClient, other));
      expect(screen.queryByText('Credits deducted')).toBeNull();
      expect(screen.queryByRole('link', { name: /Open/ })).toBeNull();
      expect(screen.getAllByRole('button', { name: 'Try Agent (5 credits)' }).length).toBeGreaterThan(0);
    });

    it('a try still under way ends for its own agent, and the next agent is tried with a key of its own', async () => {
      const tab = stubTab();
      let answer!: (r: Response) => void;
      const fetchMock = stubFetch(() => new Promise<Response>((r) => (answer = r)));
      const queryClient = signedInClient();
      const { rerender } = render(page(queryClient, agent));
      fireEvent.click(screen.getAllByRole('button', { name: 'Try Agent (7 credits)' })[0]!);
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));

      rerender(page(queryClient, other));
      await act(async () => answer(await paid()));
      // The tab opened for LedgerLens is sent to LedgerLens, and its key is settled.
      await vi.waitFor(() => expect(agentOpenedIn(tab)).toBe(agent.externalUrl));
      expect(sessionStorage.getItem('pending-try:7')).toBeNull();
      // QuotaPilot's page says nothing of it, and its own try is a new one.
      expect(screen.queryByText('Credits deducted')).toBeNull();
      fetchMock.mockImplementation(async () => json(200, { balance: 88, consumed: 5, url: other.externalUrl }));
      const tryOther = await screen.findAllByRole('button', { name: 'Try Agent (5 credits)' });
      fireEvent.click(tryOther[0]!);
      expect(await screen.findByText('Credits deducted')).toBeTruthy();
      expect((fetchMock.mock.calls[1] as unknown[])[0]).toBe('/api/agents/8/try');
      expect(keyOf(fetchMock.mock.calls[1] as unknown[])).not.toBe(keyOf(fetchMock.mock.calls[0] as unknown[]));
      expect(screen.getByRole('link', { name: /Open QuotaPilot/ }).getAttribute('href')).toBe(other.externalUrl);
    });
  });
});
