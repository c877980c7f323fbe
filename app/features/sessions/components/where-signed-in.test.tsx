// Settings' 'Where you are signed in' as the page puts it together: the browsers and the API tokens
// in one list (docs/decisions/0038), against a stubbed API.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignedInSession } from '#common/api-schemas.ts';
import type { ApiTokenSummary } from '#common/api-tokens.ts';
import { ApiTokenRows } from '#app/features/tokens/components/api-token-rows.tsx';
import { WhereSignedIn } from './where-signed-in';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// Noon UTC: the same day in any time zone the tests run in.
const sessions: SignedInSession[] = [
  { id: 'aaaaaaaaaaaaaaaa', device: 'Firefox on Windows', createdAt: '2026-11-25T12:00:00.000Z', current: false },
  { id: 'bbbbbbbbbbbbbbbb', device: 'Chrome on Android', createdAt: '2026-11-20T12:00:00.000Z', current: true },
  { id: 'cccccccccccccccc', device: null, createdAt: '2026-11-02T12:00:00.000Z', current: false },
];
const tokens: ApiTokenSummary[] = [
  {
    id: 7,
    name: 'Build script',
    scopes: ['read'],
    createdAt: '2026-11-21T12:00:00.000Z',
    lastUsedAt: null,
    spendLimit: null,
    spentThisMonth: 0,
  },
  {
    id: 8,
    name: 'Claude desktop',
    scopes: ['read', 'try'],
    createdAt: '2026-11-22T12:00:00.000Z',
    lastUsedAt: '2026-11-24T12:00:00.000Z',
    spendLimit: 50,
    spentThisMonth: 12,
  },
];

/** The two lists the page asks for. */
const LISTS = { 'GET /api/auth/sessions': sessions, 'GET /api/tokens': tokens };

/**
 * A fetch answering `METHOD /path` from `routes` over the two lists (a Response for a failure, anything
 * else as JSON 200), recording each call.
 */
function stubApi(routes: Record<string, unknown> = {}) {
  const answers: Record<string, unknown> = { ...LISTS, ...routes };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = answers[`${init?.method ?? 'GET'} ${String(input)}`];
    if (answer instanceof Response) return answer.clone();
    return answer === undefined ? json(404, { message: 'Not found', error: 'Not found' }) : json(200, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const called = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.some(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method);

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <WhereSignedIn>{(onRemoved) => <ApiTokenRows onRemoved={onRemoved} />}</WhereSignedIn>
    </QueryClientProvider>,
  );
  return screen.getByRole('list', { name: 'Browsers and API tokens' });
}

const row = (list: HTMLElement, text: string) =>
  within(list)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(text));

beforeEach(() => {
  stubApi();
});
afterEach(() => vi.unstubAllGlobals());

describe('WhereSignedIn', () => {
  it('lists the browsers and the API tokens in one list, this browser marked', async () => {
    const list = setup();
    await within(list).findByText('Build script');
    await within(list).findByText('Firefox on Windows');
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);

    const current = row(list, 'Chrome on Android')!;
    expect(within(current).getByText('This device')).toBeTruthy();
    expect(within(current).getByText('Signed in Nov 20, 2026')).toBeTruthy();
    expect(within(current).getByRole('button', { name: 'Sign out Chrome on Android (this device)' })).toBeTruthy();
    // Only one row is this device.
    expect(within(list).getAllByText('This device')).toHaveLength(1);
    const other = row(list, 'Firefox on Windows')!;
    expect(within(other).queryByText('This device')).toBeNull();
    expect(within(other).getByRole('button', { name: 'Sign out Firefox on Windows' })).toBeTruthy();
    expect(
      within(row(list, 'Unknown browser')!).getByRole('button', { name: 'Sign out Unknown browser' }),
    ).toBeTruthy();

    const script = row(list, 'Build script')!;
    expect(
      within(script).getByText('API token. Read: search and open agents, categories, your balance and history.'),
    ).toBeTruthy();
    expect(within(script).getByText('Created Nov 21, 2026 · Never used')).toBeTruthy();
    expect(within(script).getByRole('button', { name: 'Revoke token Build script' })).toBeTruthy();
    const claude = row(list, 'Claude desktop')!;
    expect(
      within(claude).getByText(
        'API token. Read: search and open agents, categories, your balance and history. Try: try agents with your credits, charged exactly as in the app.',
      ),
    ).toBeTruthy();
    expect(within(claude).getByText('Created Nov 22, 2026 · Last used Nov 24, 2026')).toBeTruthy();

    expect(screen.getByRole('button', { name: 'Sign out of all devices' })).toBeTruthy();
    expect(screen.getByText(/and every API token/)).toBeTruthy();
    expect(screen.getByText(/It also disconnects every connected app/)).toBeTruthy();
  });

  it('revoking a token removes its row at once and says so; the other rows stay', async () => {
    const fetchMock = stubApi({ 'DELETE /api/tokens/7': { ok: true } });
    const list = setup();
    await userEvent.click(await within(list).findByRole('button', { name: 'Revoke token Build script' }));
    const dialog = screen.getByRole('alertdialog', { name: "Revoke 'Build script'?" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke token' }));

    await waitFor(() => expect(within(list).queryByText('Build script')).toBeNull());
    expect(called(fetchMock, 'DELETE', '/api/tokens/7')).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Token revoked: Build script');
    expect(within(list).getByText('Claude desktop')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    // Removed from the cache, not fetched again to find out.
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === '/api/tokens')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(list));
  });

  it('signing another browser out removes its row and names it; this browser asks first', async () => {
    const fetchMock = stubApi({ 'DELETE /api/auth/sessions/aaaaaaaaaaaaaaaa': { ok: true } });
    const list = setup();
    await userEvent.click(await within(list).findByRole('button', { name: 'Sign out Firefox on Windows' }));
    await waitFor(() => expect(within(list).queryByText('Firefox on Windows')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Signed out of Firefox on Windows');

    await userEvent.click(within(list).getByRole('button', { name: 'Sign out Chrome on Android (this device)' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Sign out of this device?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(called(fetchMock, 'DELETE', '/api/auth/sessions/bbbbbbbbbbbbbbbb')).toBe(false);
    expect(within(list).getByText('Chrome on Android')).toBeTruthy();
  });

  it("a refused request shows the server's message and keeps the row; one already signed out goes", async () => {
    stubApi({
      'DELETE /api/tokens/8': json(503, {
        message: 'The database is busy; try again in a minute',
        error: 'The database is busy; try again in a minute',
      }),
      'DELETE /api/auth/sessions/cccccccccccccccc': json(404, {
        message: 'That device is already signed out',
        error: 'That device is already signed out',
      }),
    });
    const list = setup();
    await userEvent.click(await within(list).findByRole('button', { name: 'Revoke token Claude desktop' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke token' }));
    const claude = row(list, 'Claude desktop')!;
    expect((await within(claude).findByRole('alert')).textContent).toBe('The database is busy; try again in a minute');
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);

    await userEvent.click(within(list).getByRole('button', { name: 'Sign out Unknown browser' }));
    await waitFor(() => expect(within(list).queryByText('Unknown browser')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('That device is already signed out');
  });

  it("says so when the list cannot be loaded, with the server's message and Try again", async () => {
    stubApi({
      'GET /api/auth/sessions': json(500, { message: 'Something went wrong', error: 'Something went wrong' }),
    });
    const list = setup();
    expect((await within(list).findByRole('alert')).textContent).toContain('Something went wrong');
    expect(within(list).getByRole('button', { name: 'Try again to load your browsers' })).toBeTruthy();
    expect(await within(list).findByText('Build script')).toBeTruthy();
  });
});
