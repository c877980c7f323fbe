// The consent screen an app connecting through OAuth sends the person to (docs/decisions/0042),
// against a stubbed API: what it shows, what Allow and Deny send, and where the browser goes.
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { SPEND_LIMIT_MESSAGES, TOKEN_MESSAGES } from '#common/api-tokens.ts';
import { OAUTH_MESSAGES, type ConsentDetails } from '#common/oauth.ts';
import { ConsentScreen } from './consent-screen';

/** Allow, once it works: the page must have been in view for a moment first (double-click-jacking). */
async function armedAllow(): Promise<HTMLElement> {
  const allow = await screen.findByRole('button', { name: 'Allow' });
  await waitFor(() => expect((allow as HTMLButtonElement).disabled).toBe(false));
  return allow;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const QUERY = '?response_type=code&client_id=c1&redirect_uri=http%3A%2F%2F127.0.0.1%3A5123%2Fcallback&state=s';
const LOOPBACK: ConsentDetails = {
  handle: 'h-1',
  client: {
    name: 'E2E Assistant',
    clientId: 'c1',
    domain: null,
    redirectHost: '127.0.0.1:5123',
    loopback: true,
  },
  scopes: ['read', 'try'],
  spendLimit: 20,
};
const WEB: ConsentDetails = {
  ...LOOPBACK,
  client: { name: 'Claude', clientId: 'c2', domain: 'claude.ai', redirectHost: 'claude.ai', loopback: false },
};
const BACK = 'http://127.0.0.1:5123/callback?code=abc&state=s';

type Answer = unknown | Response | Promise<Response>;

/**
 * A fetch answering `METHOD /path` from `routes` (a Response or a promise of one as is, a function's
 * answer when called, anything else as JSON 200).
 */
function stubApi(routes: Record<string, Answer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = routes[`${init?.method ?? 'GET'} ${String(input)}`];
    if (typeof answer === 'function') return (answer as () => Promise<Response>)();
    if (answer instanceof Promise) return answer;
    if (answer instanceof Response) return answer.clone();
    return answer === undefined ? json(404, { message: 'Not found' }) : json(200, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to `path`, in order. */
const sent = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

let assign: Mock<(url: string | URL) => void>;
let onSignedOut: Mock<() => void>;

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ConsentScreen query={QUERY} onSignedOut={onSignedOut} />
    </QueryClientProvider>,
  );
}

const NOT_VALID = 'This link from the app is not valid. Start connecting again from the app.';
const OFFLINE = 'You are offline. Connect to the internet, then choose again.';
const SCOPES_REQUIRED = 'Choose at least one thing it may do';

/** The technical reason under the problem's 'Details'. */
const details = () => screen.getByText('Details').closest('details')?.querySelector('p')?.textContent;

const limitBox = () => screen.getByLabelText('Monthly spending limit (credits)');

beforeEach(() => {
  assign = vi.fn<(url: string | URL) => void>();
  onSignedOut = vi.fn<() => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('ConsentScreen', () => {
  it('asks whether to connect the app as it registered, unverified, warns of a loopback address, with the scopes and the default limit', async () => {
    const fetchMock = stubApi({ 'POST /api/oauth/consent/begin': LOOPBACK });
    setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connect E2E Assistant to your AgentMarket account?' }),
    ).toBeTruthy();
    expect(sent(fetchMock, '/api/oauth/consent/begin')).toEqual([{ query: QUERY }]);
    expect(screen.getByText('Unverified')).toBeTruthy();
    expect(
      screen.getByText('The name is what the app says about itself: AgentMarket has not checked it.'),
    ).toBeTruthy();
    expect(screen.getByText('127.0.0.1:5123').closest('p')?.textContent).toBe(
      'Access will be sent to 127.0.0.1:5123: an app on your computer. Continue only if you just started connecting from it.',
    );
    const read = screen.getByRole('checkbox', { name: /^Read:/ }) as HTMLInputElement;
    const tryIt = screen.getByRole('checkbox', { name: /^Try:/ }) as HTMLInputElement;
    expect(read.checked && tryIt.checked).toBe(true);
    expect((limitBox() as HTMLInputElement).value).toBe('20');
    expect(limitBox().getAttribute('inputmode')).toBe('numeric');
    expect((screen.getByRole('checkbox', { name: 'No limit' }) as HTMLInputElement).checked).toBe(false);
    for (const name of ['Allow', 'Deny']) expect(screen.getByRole('button', { name }).className).toContain('min-h-11');
    // Read in the order they show: Allow, the primary, first (no reordering by CSS).
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Allow', 'Deny']);
    expect(screen.getByRole('button', { name: 'Allow' }).parentElement?.className).not.toContain('reverse');
  });

  it('Allow works only once the page has been in view for a moment, and again after it was hidden', async () => {
    stubApi({ 'POST /api/oauth/consent/begin': LOOPBACK });
    setup();
    const allow = (await screen.findByRole('button', { name: 'Allow' })) as HTMLButtonElement;
    // A click that lands the instant the page opens (meant for the page that opened it) does nothing.
    expect(allow.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Deny' }) as HTMLButtonElement).disabled).toBe(false);
    await armedAllow();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(allow.disabled).toBe(true));
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(allow.disabled).toBe(true);
    await armedAllow();
  });

  it('names where access goes for a web app, its verified domain and no loopback warning', async () => {
    stubApi({ 'POST /api/oauth/consent/begin': WEB });
    setup();
    await screen.findByRole('heading', { name: /Connect Claude/ });
    expect(screen.getByText('Access will be sent to', { exact: false }).textContent).toBe(
      'Access will be sent to claude.ai.',
    );
    expect(screen.getByText((_, el) => el?.tagName === 'SPAN' && el.textContent === 'From claude.ai')).toBeTruthy();
    expect(screen.getByText('Verified domain')).toBeTruthy();
    expect(screen.queryByText('Unverified')).toBeNull();
    expect(screen.queryByText(/an app on your computer/)).toBeNull();
  });

  it('Allow sends the scopes and limit chosen, then goes where the server says; a second tap sends nothing', async () => {
    let answer!: (res: Response) => void;
    const fetchMock = stubApi({
      'POST /api/oauth/consent/begin': LOOPBACK,
      'POST /api/oauth/consent': new Promise<Response>((resolve) => (answer = resolve)),
    });
    setup();
    await userEvent.click(await screen.findByRole('checkbox', { name: /^Read:/ }));
    await userEvent.clear(limitBox());
    await userEvent.type(limitBox(), '5');
    const allow = await armedAllow();
    await userEvent.click(allow);
    expect((screen.getByRole('button', { name: 'Allowing...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Deny' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Allowing...' }));

    answer(json(200, { redirectTo: BACK }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(BACK));
    expect(sent(fetchMock, '/api/oauth/consent')).toEqual([
      { handle: 'h-1', allow: true, scopes: ['try'], spendLimit: 5 },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Taking you back to E2E Assistant...');
    // Still disabled while the browser leaves.
    expect((screen.getByRole('button', { name: 'Allowing...' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("'No limit' sends none", async () => {
    const fetchMock = stubApi({
      'POST /api/oauth/consent/begin': LOOPBACK,
      'POST /api/oauth/consent': { redirectTo: BACK },
    });
    setup();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'No limit' }));
    expect((limitBox() as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(await armedAllow());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(BACK));
    expect(sent(fetchMock, '/api/oauth/consent')).toEqual([
      { handle: 'h-1', allow: true, scopes: ['read', 'try'], spendLimit: null },
    ]);
  });

  it('Deny sends the refusal and goes back to the app, whatever the form holds', async () => {
    const denied = 'http://127.0.0.1:5123/callback?error=access_denied&state=s';
    const fetchMock = stubApi({
      'POST /api/oauth/consent/begin': LOOPBACK,
      'POST /api/oauth/consent': { redirectTo: denied },
    });
    setup();
    await userEvent.clear(await screen.findByLabelText('Monthly spending limit (credits)'));
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(denied));
    expect(sent(fetchMock, '/api/oauth/consent')).toEqual([
      { handle: 'h-1', allow: false, scopes: ['read', 'try'], spendLimit: null },
    ]);
  });

  it('refuses a limit that is not a whole number in range, and no scope at all, before sending anything', async () => {
    const fetchMock = stubApi({ 'POST /api/oauth/consent/begin': LOOPBACK });
    setup();
    for (const typed of ['2.5', '0', '100001', 'ten', '']) {
      await userEvent.clear(await screen.findByLabelText('Monthly spending limit (credits)'));
      if (typed) await userEvent.type(limitBox(), typed);
      await userEvent.click(await armedAllow());
      expect(screen.getByText(SPEND_LIMIT_MESSAGES.invalid)).toBeTruthy();
      expect(limitBox().getAttribute('aria-invalid')).toBe('true');
    }
    await userEvent.click(screen.getByRole('checkbox', { name: /^Read:/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Try:/ }));
    // Without 'try' the app cannot spend: the limit is not asked for.
    expect(screen.queryByLabelText('Monthly spending limit (credits)')).toBeNull();
    await userEvent.click(await armedAllow());
    expect(screen.getByRole('alert').textContent).toBe(SCOPES_REQUIRED);
    expect(sent(fetchMock, '/api/oauth/consent')).toEqual([]);
  });

  it("the server's refusal of a choice is shown at its field, and the request goes on", async () => {
    stubApi({
      'POST /api/oauth/consent/begin': LOOPBACK,
      'POST /api/oauth/consent': json(400, { message: TOKEN_MESSAGES.scopesRequired }),
    });
    setup();
    await userEvent.click(await armedAllow());
    expect((await screen.findByRole('alert')).textContent).toBe(SCOPES_REQUIRED);
    expect((screen.getByRole('button', { name: 'Allow' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Connect E2E Assistant to your AgentMarket account?',
    );
  });

  it('a request the server refuses with a way back says so for people, its reason under Details, and links back to the app', async () => {
    stubApi({
      'POST /api/oauth/consent/begin': json(400, {
        message: 'This app asked for a scope AgentMarket does not have',
        redirectTo: 'https://claude.ai/api/callback?error=invalid_scope',
      }),
    });
    setup();
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_VALID);
    expect(details()).toBe('This app asked for a scope AgentMarket does not have');
    expect(screen.getByRole('heading', { level: 1, name: 'The app could not be connected' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to the app' }).getAttribute('href')).toBe(
      'https://claude.ai/api/callback?error=invalid_scope',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('without a way back, the reason and a link home', async () => {
    stubApi({ 'POST /api/oauth/consent/begin': json(400, { message: 'This connection request is not valid' }) });
    setup();
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_VALID);
    expect(details()).toBe('This connection request is not valid');
    // Shown as the page opened: focus is left where the browser put it.
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: 'Return to the app' })).toBeNull();
  });

  it('an expired request says so when answered, with no button to try again, and focus on what replaced the form', async () => {
    stubApi({
      'POST /api/oauth/consent/begin': LOOPBACK,
      'POST /api/oauth/consent': json(400, { message: OAUTH_MESSAGES.consentExpired }),
    });
    setup();
    await userEvent.click(await armedAllow());
    expect((await screen.findByRole('alert')).textContent).toBe(OAUTH_MESSAGES.consentExpired);
    // Already in words for people: no Details.
    expect(screen.queryByText('Details')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 1, name: 'The app could not be connected' }),
      ),
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('a failure that may pass is shown beside the buttons, which work again', async () => {
    stubApi({
      'POST /api/oauth/consent/begin': LOOPBACK,
      'POST /api/oauth/consent': json(503, { message: 'The database is busy; try again in a minute' }),
    });
    setup();
    await userEvent.click(await armedAllow());
    const form = screen.getByRole('form', { name: 'Connect E2E Assistant' });
    expect((await within(form).findByRole('alert')).textContent).toBe('The database is busy; try again in a minute');
    expect((screen.getByRole('button', { name: 'Allow' }) as HTMLButtonElement).disabled).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('never sends the browser to a script address', async () => {
    stubApi({
      'POST /api/oauth/consent/begin': LOOPBACK,
      'POST /api/oauth/consent': { redirectTo: 'javascript:alert(1)' },
    });
    setup();
    await userEvent.click(await armedAllow());
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_VALID);
    expect(details()).toBe("The app's return address cannot be used.");
    expect(assign).not.toHaveBeenCalled();
  });

  it('signed out meanwhile (another tab): reading the request hands over to sign in again', async () => {
    stubApi({ 'POST /api/oauth/consent/begin': json(401, { message: 'Please log in to continue' }) });
    setup();
    await waitFor(() => expect(onSignedOut).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Please log in to continue')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('signed out meanwhile (another tab): answering hands over to sign in again', async () => {
    stubApi({
      'POST /api/oauth/consent/begin': LOOPBACK,
      'POST /api/oauth/consent': json(401, { message: 'Please log in to continue' }),
    });
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(onSignedOut).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Please log in to continue')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('offline, an answer is not sent nor kept for later: it says so and the buttons stay usable', async () => {
    const fetchMock = stubApi({
      'POST /api/oauth/consent/begin': LOOPBACK,
      'POST /api/oauth/consent': { redirectTo: BACK },
    });
    setup();
    await screen.findByRole('button', { name: 'Allow' });
    onlineManager.setOnline(false);
    await userEvent.click(await armedAllow());
    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE);
    for (const name of ['Allow', 'Deny'])
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(screen.getByRole('alert').textContent).toBe(OFFLINE);
    expect(sent(fetchMock, '/api/oauth/consent')).toEqual([]);

    // Back online, the same buttons send the answer chosen then.
    onlineManager.setOnline(true);
    await userEvent.click(await armedAllow());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(BACK));
    expect(sent(fetchMock, '/api/oauth/consent')).toHaveLength(1);
  });

  it('no answer at all (the connection dropped): said plainly, and the buttons work again', async () => {
    stubApi({
      'POST /api/oauth/consent/begin': LOOPBACK,
      'POST /api/oauth/consent': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    setup();
    await userEvent.click(await armedAllow());
    expect((await screen.findByRole('alert')).textContent).toBe('Your answer could not be sent. Please try again.');
    expect((screen.getByRole('button', { name: 'Allow' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
