// /authorize (docs/decisions/0042) when the person turns out to be signed out after the page opened
// (signed out in another tab): sent to sign in and back to this very request, as on a first visit.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsentDetails } from '#common/oauth.ts';
import { sessionKeys } from '#app/lib/query-keys.ts';
import { personOf, renderSignedIn } from '#app/test/signed-in.tsx';
import AuthorizePage from './authorize';

/** Allow, once it works: the page must have been in view for a moment first (double-click-jacking). */
async function armedAllow(): Promise<HTMLElement> {
  const allow = await screen.findByRole('button', { name: 'Allow' });
  await waitFor(() => expect((allow as HTMLButtonElement).disabled).toBe(false));
  return allow;
}

const QUERY = '?response_type=code&client_id=c1&redirect_uri=http%3A%2F%2F127.0.0.1%3A5123%2Fcallback&state=s';
const SIGN_IN = `/auth?${new URLSearchParams({ next: `/authorize${QUERY}` })}`;

const person = personOf({ emailVerified: false });
const REQUEST: ConsentDetails = {
  handle: 'h-1',
  client: { name: 'E2E Assistant', clientId: 'c1', domain: null, redirectHost: '127.0.0.1:5123', loopback: true },
  scopes: ['read'],
  spendLimit: 20,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const SIGNED_OUT = () => json(401, { message: 'Please log in to continue', error: 'Please log in to continue' });

function stubApi(routes: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = routes[`${init?.method ?? 'GET'} ${String(input)}`];
      return answer ? answer() : json(404, { message: 'Not found' });
    }),
  );
}

const open = () => renderSignedIn(<AuthorizePage />, { user: person, path: '/authorize', search: QUERY.slice(1) });

beforeEach(() => window.history.replaceState(null, '', `/authorize${QUERY}`));
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('/authorize, signed out meanwhile', () => {
  it('reading the request: sent to sign in, to come back to this request', async () => {
    stubApi({ 'POST /api/oauth/consent/begin': SIGNED_OUT });
    const { client, location } = open();
    await waitFor(() => expect(location.history.at(-1)).toBe(SIGN_IN));
    // Signed out here too, so the sign-in page does not send a remembered session straight back.
    expect(client.getQueryData(sessionKeys.session)).toBeNull();
    expect(screen.queryByText('Please log in to continue')).toBeNull();
  });

  it('answering: sent to sign in, to come back to this request', async () => {
    stubApi({ 'POST /api/oauth/consent/begin': () => json(200, REQUEST), 'POST /api/oauth/consent': SIGNED_OUT });
    const { client, location } = open();
    await userEvent.click(await armedAllow());
    await waitFor(() => expect(location.history.at(-1)).toBe(SIGN_IN));
    expect(client.getQueryData(sessionKeys.session)).toBeNull();
  });
});
