// Personal API tokens' monthly spending limits (docs/decisions/0042), against a stubbed API: set
// (optionally) when a token is made, shown and changed in its row.
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiTokenSummary } from '#common/api-tokens.ts';
import { Toaster } from '#app/components/ui/toaster.tsx';
import { toast } from '#app/hooks/use-toast.ts';
import { ApiTokenRows } from './api-token-rows';
import { ApiTokensSettings } from './api-tokens-settings';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const token: ApiTokenSummary = {
  id: 7,
  name: 'Nightly report',
  scopes: ['read', 'try'],
  createdAt: '2026-11-21T12:00:00.000Z',
  lastUsedAt: null,
  spendLimit: 30,
  spentThisMonth: 12,
};

/** A fetch answering `METHOD /path` from `routes` (a Response as is, anything else as JSON 200), recording each call. */
function stubApi(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = routes[`${init?.method ?? 'GET'} ${String(input)}`];
    if (answer instanceof Response) return answer.clone();
    return answer === undefined ? json(404, { message: 'Not found' }) : json(200, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const bodies = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function renderWith(ui: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

const created = (name: string) => ({ ...token, name, token: 'amk_abc' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

const TOKEN_LIMIT_INVALID = 'Type a whole number from 1 to 100,000, or leave it empty for no limit.';

describe('Create a token: its monthly spending limit', () => {
  it('is optional: empty is no limit, a number is sent as the limit', async () => {
    const fetchMock = stubApi({ 'POST /api/tokens': created('Build script') });
    renderWith(<ApiTokensSettings />);
    const limit = screen.getByLabelText('Monthly spending limit (credits)') as HTMLInputElement;
    expect(limit.value).toBe('');
    expect(limit.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByText(/Leave it empty for no limit\./)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'No limit' })).toBeNull();

    await userEvent.type(screen.getByLabelText('Token name'), 'Build script');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await screen.findByText(/Token 'Build script' created/);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));

    await userEvent.type(screen.getByLabelText('Token name'), 'Capped');
    await userEvent.type(screen.getByLabelText('Monthly spending limit (credits)'), '25');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await screen.findByText(/Token 'Build script' created/);
    expect(bodies(fetchMock, 'POST', '/api/tokens')).toEqual([
      { name: 'Build script', scopes: ['read'], spendLimit: null },
      { name: 'Capped', scopes: ['read'], spendLimit: 25 },
    ]);
  });

  it('refuses what is not a whole number of credits in range, beside the other fields, and sends nothing', async () => {
    const fetchMock = stubApi({});
    renderWith(<ApiTokensSettings />);
    await userEvent.type(screen.getByLabelText('Monthly spending limit (credits)'), '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.getByText(TOKEN_LIMIT_INVALID)).toBeTruthy();
    expect(screen.getByText('Give the token a name')).toBeTruthy();
    expect(screen.getByLabelText('Monthly spending limit (credits)').getAttribute('aria-invalid')).toBe('true');
    expect(bodies(fetchMock, 'POST', '/api/tokens')).toEqual([]);
  });
});

describe('Create a token: the form', () => {
  it('points an assistant to Connected apps, and its box and button are a thumb high', () => {
    stubApi({});
    renderWith(<ApiTokensSettings />);
    const pointer = screen.getByText(/^To connect an assistant like Claude or ChatGPT, use/);
    expect(pointer.textContent).toBe(
      'To connect an assistant like Claude or ChatGPT, use Connected apps: no token to paste.',
    );
    expect(screen.getByRole('link', { name: 'Connected apps' }).getAttribute('href')).toBe('#settings-connected-apps');
    expect(screen.queryByText(/README/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Create token' }).className).toContain('min-h-11');
    expect(screen.getByLabelText('Monthly spending limit (credits)').className).toContain('min-h-11');
  });

  it('the new token is sent to the API, with no word of the README', async () => {
    stubApi({ 'POST /api/tokens': created('Build script') });
    renderWith(<ApiTokensSettings />);
    await userEvent.type(screen.getByLabelText('Token name'), 'Build script');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const shown = await screen.findByText(/Token 'Build script' created/);
    expect(shown.closest('[role="status"]')?.textContent).not.toMatch(/README|MCP settings/);
    expect(screen.getByText(/to the API\.$/)).toBeTruthy();
  });

  it('offline, nothing is sent nor kept for later: it says so and the button stays usable', async () => {
    const fetchMock = stubApi({ 'POST /api/tokens': created('Build script') });
    renderWith(<ApiTokensSettings />);
    onlineManager.setOnline(false);
    await userEvent.type(screen.getByLabelText('Token name'), 'Build script');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.getByRole('alert').textContent).toBe('You are offline. Connect to the internet, then try again.');
    const button = screen.getByRole('button', { name: 'Create token' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(bodies(fetchMock, 'POST', '/api/tokens')).toEqual([]);

    onlineManager.setOnline(true);
    await userEvent.click(button);
    expect(await screen.findByText(/Token 'Build script' created/)).toBeTruthy();
    expect(bodies(fetchMock, 'POST', '/api/tokens')).toHaveLength(1);
  });

  it('no answer at all (the connection dropped): said plainly, and the button works again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderWith(<ApiTokensSettings />);
    await userEvent.type(screen.getByLabelText('Token name'), 'Build script');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The token could not be created. Please try again.');
    expect((screen.getByRole('button', { name: 'Create token' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("A token's row: its spending and limit", () => {
  it('shows what it spent this month against its limit, and changes the limit', async () => {
    const fetchMock = stubApi({
      'GET /api/tokens': [token],
      'PATCH /api/tokens/7': { ...token, spendLimit: 100 },
    });
    renderWith(
      <>
        <ul aria-label="Tokens">
          <ApiTokenRows onRemoved={() => undefined} />
        </ul>
        <Toaster />
      </>,
    );
    const list = screen.getByRole('list', { name: 'Tokens' });
    const spent = await within(list).findByText('Spent this month: 12 of 30 credits');
    // As in an app's row: right under what it may do (the consent screen's words), in the same weight.
    const lines = [...spent.closest('li')!.querySelectorAll('p')].map((p) => p.textContent);
    expect(lines.slice(1, 3)).toEqual([
      'API token. Read: search and open agents, categories, your balance and history. Try: try agents with your credits, charged exactly as in the app.',
      'Spent this month: 12 of 30 credits',
    ]);
    expect(spent.parentElement?.className).toContain('font-medium');
    await userEvent.click(
      within(list).getByRole('button', { name: 'Change the monthly spending limit of Nightly report' }),
    );
    const dialog = screen.getByRole('dialog', { name: "Monthly spending limit of 'Nightly report'" });
    const box = within(dialog).getByLabelText('Monthly spending limit (credits)');
    await userEvent.clear(box);
    await userEvent.type(box, '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies(fetchMock, 'PATCH', '/api/tokens/7')).toEqual([{ spendLimit: 100 }]);
    expect(within(list).getByText('Spent this month: 12 of 100 credits')).toBeTruthy();
    expect(await screen.findByText('Limit for Nightly report: 100 credits a month')).toBeTruthy();
  });

  it('at its limit, says until when tries are refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-15T12:00:00.000Z') });
    stubApi({ 'GET /api/tokens': [{ ...token, spendLimit: 12 }] });
    renderWith(
      <ul aria-label="Tokens">
        <ApiTokenRows onRemoved={() => undefined} />
      </ul>,
    );
    // The next UTC month, across the year's end.
    expect(await screen.findByText('Limit reached: tries refused until Jan 1')).toBeTruthy();
  });

  it('a token revoked meanwhile leaves the list with the server’s message', async () => {
    const onRemoved = vi.fn();
    stubApi({ 'GET /api/tokens': [token], 'PATCH /api/tokens/7': json(404, { message: 'Token not found' }) });
    // One toast shows at a time: this one stands in for any an earlier test left.
    toast({ title: 'Earlier' });
    renderWith(
      <>
        <ul aria-label="Tokens">
          <ApiTokenRows onRemoved={onRemoved} />
        </ul>
        <Toaster />
      </>,
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Change the monthly spending limit of Nightly report' }),
    );
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(screen.queryByText('Nightly report')).toBeNull());
    expect(onRemoved).toHaveBeenCalledWith('Token not found');
    // Nothing was saved: no toast says so.
    expect(screen.getByText('Earlier')).toBeTruthy();
    expect(screen.queryByText(/^Limit for Nightly report/)).toBeNull();
  });
});

describe('The token just made', () => {
  it('goes from the screen once it is revoked: no dead token is left to copy', async () => {
    stubApi({
      'POST /api/tokens': created('Build script'),
      'GET /api/tokens': [{ ...token, name: 'Build script' }],
      'DELETE /api/tokens/7': { ok: true },
    });
    renderWith(
      <>
        <ApiTokensSettings />
        <ul aria-label="Tokens">
          <ApiTokenRows onRemoved={() => undefined} />
        </ul>
      </>,
    );
    await userEvent.type(screen.getByLabelText('Token name'), 'Build script');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(((await screen.findByLabelText('New API token')) as HTMLInputElement).value).toBe('amk_abc');

    await userEvent.click(await screen.findByRole('button', { name: 'Revoke token Build script' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(screen.queryByLabelText('New API token')).toBeNull());
    expect(screen.queryByText(/Copy it now/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Create token' })).toBeTruthy();
  });
});
