// Settings' 'Connected apps' (docs/decisions/0042) against a stubbed API: the list with what each app
// spent against its limit, changing a limit, revoking, and how an assistant connects.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '#common/api-schemas.ts';
import { SPEND_LIMIT_MESSAGES } from '#common/api-tokens.ts';
import type { PublicConfig } from '#common/types.ts';
import { Toaster } from '#app/components/ui/toaster.tsx';
import {
  claudeCodeCommand,
  ConnectAssistant,
  COPIED_FOR_MS,
  cursorInstallLink,
  vscodeInstallLink,
} from './connect-assistant';
import { ConnectedApps } from './connected-apps';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// Noon UTC: the same day in any time zone the tests run in.
const apps: Connection[] = [
  {
    id: 31,
    name: 'Claude',
    clientName: 'Claude',
    clientId: 'c-claude',
    scopes: ['read', 'try'],
    createdAt: '2026-11-20T12:00:00.000Z',
    lastUsedAt: '2026-11-24T12:00:00.000Z',
    spendLimit: 20,
    spentThisMonth: 7,
  },
  {
    id: 32,
    name: 'Reader bot',
    clientName: 'Reader bot',
    clientId: 'c-reader',
    scopes: ['read'],
    createdAt: '2026-11-21T12:00:00.000Z',
    lastUsedAt: null,
    spendLimit: null,
    spentThisMonth: 0,
  },
];

/** A fetch answering `METHOD /path` from `routes` (a Response as is, anything else as JSON 200), recording each call. */
function stubApi(routes: Record<string, unknown> = {}) {
  const answers: Record<string, unknown> = { 'GET /api/connections': apps, ...routes };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = answers[`${init?.method ?? 'GET'} ${String(input)}`];
    if (answer instanceof Response) return answer.clone();
    return answer === undefined ? json(404, { message: 'Not found' }) : json(200, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as unknown) : null));

/** `toasts`: with the app's toasts on screen (they are status messages too). */
function setup({ toasts = false } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ConnectedApps />
      {toasts && <Toaster />}
    </QueryClientProvider>,
  );
  return screen.getByRole('list', { name: 'Connected apps' });
}

const row = (list: HTMLElement, text: string) =>
  within(list)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(text))!;

beforeEach(() => {
  stubApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const BOTH_SCOPES =
  'Read: search and open agents, categories, your balance and history. Try: try agents with your credits, charged exactly as in the app.';

describe('ConnectedApps', () => {
  it('lists each app with what it may do, what it spent this month against its limit and when it was used', async () => {
    const list = setup();
    await within(list).findByText('Claude');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const claude = row(list, 'Claude');
    // The consent screen's words for each scope; no 'Connected app.' in a list of connected apps.
    expect(within(claude).getByText(BOTH_SCOPES)).toBeTruthy();
    expect(claude.textContent).not.toContain('Connected app.');
    expect(within(claude).getByText('Spent this month: 7 of 20 credits')).toBeTruthy();
    expect(within(claude).queryByText(/^Limit reached/)).toBeNull();
    expect(within(claude).getByText('Connected Nov 20, 2026 · Last used Nov 24, 2026')).toBeTruthy();
    expect(within(claude).getByRole('button', { name: 'Revoke Claude' })).toBeTruthy();
    const reader = row(list, 'Reader bot');
    expect(
      within(reader).getByText('Read: search and open agents, categories, your balance and history.'),
    ).toBeTruthy();
    expect(within(reader).getByText('Spent this month: 0 credits, no limit')).toBeTruthy();
    expect(within(reader).getByText('Connected Nov 21, 2026 · Never used')).toBeTruthy();
  });

  it('an app at its limit says until when tries are refused (the next UTC month), amber from 80 %', async () => {
    // Late on Nov 30 UTC: Dec 1 already in zones east of UTC, still November for the server.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T23:30:00.000Z') });
    stubApi({
      'GET /api/connections': [
        { ...apps[0], spendLimit: 20, spentThisMonth: 20 },
        { ...apps[1], spendLimit: 10, spentThisMonth: 8 },
      ],
    });
    const list = setup();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const full = row(list, 'Claude');
    expect(within(full).getByText('Limit reached: tries refused until Dec 1')).toBeTruthy();
    expect(within(full).getByText('Spent this month: 20 of 20 credits').parentElement?.className).toContain(
      'text-amber-900',
    );
    const near = row(list, 'Reader bot');
    expect(within(near).queryByText(/^Limit reached/)).toBeNull();
    expect(within(near).getByText('Spent this month: 8 of 10 credits').parentElement?.className).toContain(
      'text-amber-900',
    );
  });

  it('says so when no app is connected', async () => {
    stubApi({ 'GET /api/connections': [] });
    const list = setup();
    expect(await within(list).findByText(/^No apps connected yet\./)).toBeTruthy();
  });

  it('changes a limit in a dialog, checks it first, and shows the answer in the row', async () => {
    const fetchMock = stubApi({ 'PATCH /api/connections/31': { ...apps[0], spendLimit: 50 } });
    const list = setup({ toasts: true });
    await userEvent.click(
      await within(list).findByRole('button', { name: 'Change the monthly spending limit of Claude' }),
    );
    const dialog = screen.getByRole('dialog', { name: "Monthly spending limit of 'Claude'" });
    const box = within(dialog).getByLabelText('Monthly spending limit (credits)') as HTMLInputElement;
    expect(box.value).toBe('20');
    await userEvent.clear(box);
    await userEvent.type(box, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limit' }));
    expect(within(dialog).getByText(SPEND_LIMIT_MESSAGES.invalid)).toBeTruthy();
    expect(calls(fetchMock, 'PATCH', '/api/connections/31')).toEqual([]);

    // Save first, as it shows at every width (no reordering by CSS).
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Save limit',
      'Cancel',
      '', // the dialog's Close (an icon)
    ]);
    await userEvent.clear(box);
    await userEvent.type(box, '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, 'PATCH', '/api/connections/31')).toEqual([{ spendLimit: 50 }]);
    expect(within(row(list, 'Claude')).getByText('Spent this month: 7 of 50 credits')).toBeTruthy();
    expect(await screen.findByText('Limit for Claude: 50 credits a month')).toBeTruthy();
  });

  it('says when a new limit is at or under what the app already spent this month', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T12:00:00.000Z') });
    const list = setup();
    await userEvent.click(
      await within(list).findByRole('button', { name: 'Change the monthly spending limit of Claude' }),
    );
    const dialog = screen.getByRole('dialog');
    const box = within(dialog).getByLabelText('Monthly spending limit (credits)');
    const note = 'It has already spent 7 this month: further tries are refused until Dec 1.';
    expect(within(dialog).queryByText(note)).toBeNull();
    await userEvent.clear(box);
    await userEvent.type(box, '5');
    expect(within(dialog).getByText(note)).toBeTruthy();
    await userEvent.type(box, '0');
    expect(within(dialog).queryByText(note)).toBeNull();
    await userEvent.clear(box);
    await userEvent.type(box, '7');
    expect(within(dialog).getByText(note)).toBeTruthy();
  });

  it('the dialog closes with a button a thumb can hit', async () => {
    const list = setup();
    await userEvent.click(
      await within(list).findByRole('button', { name: 'Change the monthly spending limit of Claude' }),
    );
    const close = within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' });
    expect(close.className).toContain('size-11');
    await userEvent.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'No limit' removes the limit; a refusal stays in the dialog", async () => {
    const fetchMock = stubApi({
      'PATCH /api/connections/32': json(503, { message: 'The database is busy; try again in a minute' }),
      'PATCH /api/connections/31': { ...apps[0], spendLimit: null },
    });
    const list = setup({ toasts: true });
    await userEvent.click(
      await within(list).findByRole('button', { name: 'Change the monthly spending limit of Reader bot' }),
    );
    let dialog = screen.getByRole('dialog');
    expect((within(dialog).getByRole('checkbox', { name: 'No limit' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'No limit' }));
    await userEvent.type(within(dialog).getByLabelText('Monthly spending limit (credits)'), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limit' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The database is busy; try again in a minute');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(within(list).getByRole('button', { name: 'Change the monthly spending limit of Claude' }));
    dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'No limit' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, 'PATCH', '/api/connections/31')).toEqual([{ spendLimit: null }]);
    expect(within(row(list, 'Claude')).getByText('Spent this month: 7 credits, no limit')).toBeTruthy();
    expect(await screen.findByText('Limit for Claude: no limit')).toBeTruthy();
  });

  it('revoking asks first, then the row goes and the list says so', async () => {
    const fetchMock = stubApi({ 'DELETE /api/connections/31': { ok: true } });
    const list = setup();
    await userEvent.click(await within(list).findByRole('button', { name: 'Revoke Claude' }));
    const dialog = screen.getByRole('alertdialog', { name: "Revoke 'Claude'?" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    await waitFor(() => expect(within(list).queryByText('Claude')).toBeNull());
    expect(calls(fetchMock, 'DELETE', '/api/connections/31')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('App disconnected: Claude');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    // Removed from the cache, not fetched again to find out.
    expect(calls(fetchMock, 'GET', '/api/connections')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(list));
  });

  it("an app already gone goes with the server's message; another refusal keeps the row", async () => {
    stubApi({
      'DELETE /api/connections/31': json(404, { message: 'Connected app not found' }),
      'DELETE /api/connections/32': json(503, { message: 'The database is busy; try again in a minute' }),
    });
    const list = setup();
    await userEvent.click(await within(list).findByRole('button', { name: 'Revoke Reader bot' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke access' }));
    expect((await within(row(list, 'Reader bot')).findByRole('alert')).textContent).toBe(
      'The database is busy; try again in a minute',
    );
    await userEvent.click(within(list).getByRole('button', { name: 'Revoke Claude' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke access' }));
    await waitFor(() => expect(within(list).queryByText('Claude')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Connected app not found');
  });
});

const CONFIG: PublicConfig = {
  staffEmailDomain: 'example.cc',
  googleEnabled: false,
  paymentsMode: 'sandbox',
  providerMode: false,
  version: 'test',
  appOrigin: 'https://agents.example.com',
};

function Assistant({ config }: { config: () => Promise<PublicConfig> }) {
  const query = useQuery({ queryKey: ['config'], queryFn: config });
  return <ConnectAssistant config={query} />;
}

describe('ConnectAssistant', () => {
  const URL_ = 'https://agents.example.com/mcp';

  it("gives this deployment's MCP address from the server's origin, install links and Claude Code's command", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Assistant config={async () => CONFIG} />
      </QueryClientProvider>,
    );
    // Shown whole as text that wraps anywhere (no box cutting it off at 360 px), the Copy button with it.
    const address = await screen.findByRole('group', { name: 'MCP server address' });
    const addressText = address.querySelector('code')!;
    expect(addressText.textContent).toBe(URL_);
    expect(addressText.className).toContain('break-all');
    expect(within(address).queryByRole('textbox')).toBeNull();
    expect(within(address).getByRole('button', { name: 'Copy MCP server address' })).toBeTruthy();

    const vscode = screen.getByRole('link', { name: 'Open in VS Code (on your computer)' }).getAttribute('href')!;
    expect(vscode).toBe(vscodeInstallLink(URL_));
    expect(JSON.parse(decodeURIComponent(vscode.slice('vscode:mcp/install?'.length)))).toEqual({
      name: 'agentmarket',
      type: 'http',
      url: URL_,
    });
    const cursor = new URL(
      screen.getByRole('link', { name: 'Open in Cursor (on your computer)' }).getAttribute('href')!,
    );
    expect(cursor.href.startsWith('cursor://anysphere.cursor-deeplink/mcp/install?')).toBe(true);
    expect(cursor.searchParams.get('name')).toBe('agentmarket');
    expect(JSON.parse(atob(cursor.searchParams.get('config')!))).toEqual({ url: URL_ });
    expect(cursorInstallLink(URL_)).toBe(cursor.href);

    expect(screen.getByText('On a computer where the editor is installed: the link opens it.')).toBeTruthy();
    const command = screen.getByRole('group', { name: 'Claude Code command' }).querySelector('code')!;
    expect(command.textContent).toBe('claude mcp add --transport http agentmarket https://agents.example.com/mcp');
    expect(command.textContent).toBe(claudeCodeCommand(URL_));
    expect(command.className).toContain('break-all');
    expect(screen.getByText(/Claude and ChatGPT: add a custom connector/)).toBeTruthy();
    expect(screen.getByText(/There is no token to paste/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Copy MCP server address' }));
    expect(writeText).toHaveBeenCalledWith(URL_);
    expect(screen.getByRole('button', { name: 'Copy MCP server address' }).textContent).toBe('Copied');
    await userEvent.click(screen.getByRole('button', { name: 'Copy Claude Code command' }));
    expect(writeText).toHaveBeenLastCalledWith(claudeCodeCommand(URL_));
  });

  it("'Copied' turns back into 'Copy' after about 2 s", async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => undefined) } });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Assistant config={async () => CONFIG} />
      </QueryClientProvider>,
    );
    const copy = await screen.findByRole('button', { name: 'Copy MCP server address' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(copy);
    // The clipboard's promise settles (a microtask: no timer involved).
    await act(async () => undefined);
    expect(copy.textContent).toBe('Copied');
    await act(() => vi.advanceTimersByTimeAsync(COPIED_FOR_MS - 100));
    expect(copy.textContent).toBe('Copied');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(copy.textContent).toBe('Copy');
  });

  it('says so when the settings cannot be loaded', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Assistant
          config={async () => {
            throw new Error('Something went wrong');
          }}
        />
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
    expect(screen.queryByRole('group', { name: 'MCP server address' })).toBeNull();
  });
});
