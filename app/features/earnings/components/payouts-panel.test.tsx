import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Payout, PayoutAccountStatus } from '#common/types.ts';
import { PayoutsPanel } from './payouts-panel';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const connected: PayoutAccountStatus = {
  mode: 'sandbox',
  account: { provider: 'sandbox', detailsSubmitted: true, payoutsEnabled: true },
  minimumCents: 2000,
};

/** A fetch that answers the panel's GETs from `routes` and records every request. */
function stubApi(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = routes[`${method} ${url}`];
    return body === undefined ? json(404, { message: 'Not found', error: 'Not found' }) : json(200, body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function setup(availableCents: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PayoutsPanel availableCents={availableCents} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('PayoutsPanel', () => {
  it('says payouts are not configured instead of offering a button when there is neither Stripe nor the sandbox', async () => {
    stubApi({ 'GET /api/earnings/payout-account': { mode: 'none', account: null, minimumCents: 2000 } });
    setup(5000);
    expect(await screen.findByText('Payouts are not configured')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers to connect an account before one is connected', async () => {
    stubApi({
      'GET /api/earnings/payout-account': { mode: 'stripe', account: null, minimumCents: 2000 },
      'GET /api/earnings/payouts': { payouts: [] },
    });
    setup(5000);
    expect(await screen.findByRole('button', { name: 'Connect payout account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request payout' })).toBeNull();
  });

  it('refuses less than $20 in the form and more than is available, without a request', async () => {
    const fetchMock = stubApi({
      'GET /api/earnings/payout-account': connected,
      'GET /api/earnings/payouts': { payouts: [] },
    });
    setup(3000);
    const amount = await screen.findByLabelText('Amount in US dollars');
    expect((amount as HTMLInputElement).value).toBe('30.00');
    expect(screen.getByText('Available: $30.00. The smallest payout is $20.00.')).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.type(amount, '19.99');
    await userEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    expect(screen.getByText('The smallest payout is $20.00')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(amount);
    await userEvent.type(amount, '31');
    await userEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    expect(screen.getByText('That is more than your available $30.00')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('cannot request a payout with less than $20 available', async () => {
    stubApi({ 'GET /api/earnings/payout-account': connected, 'GET /api/earnings/payouts': { payouts: [] } });
    setup(1999);
    expect(((await screen.findByRole('button', { name: 'Request payout' })) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists payouts with their states, and test transfers can be confirmed in the sandbox', async () => {
    const payouts: Payout[] = [
      {
        id: 2,
        amountCents: 2500,
        state: 'pending',
        provider: 'sandbox',
        failureReason: null,
        createdAt: '2026-11-26T10:00:00.000Z',
        updatedAt: '2026-11-26T10:00:00.000Z',
      },
      {
        id: 1,
        amountCents: 2000,
        state: 'failed',
        provider: 'sandbox',
        failureReason: 'The transfer was reversed',
        createdAt: '2026-11-25T10:00:00.000Z',
        updatedAt: '2026-11-25T10:00:00.000Z',
      },
    ];
    stubApi({ 'GET /api/earnings/payout-account': connected, 'GET /api/earnings/payouts': { payouts } });
    setup(0);
    const list = await screen.findByRole('list', { name: 'Your payouts' });
    const [pending, failed] = within(list).getAllByRole('listitem');
    expect(pending!.textContent).toContain('$25.00');
    expect(pending!.textContent).toContain('Pending');
    expect(within(pending!).getByRole('button', { name: 'Confirm test transfer of $25.00' })).toBeTruthy();
    expect(failed!.textContent).toContain('Failed');
    expect(failed!.textContent).toContain('The transfer was reversed; the money is available again.');
    expect(within(failed!).queryByRole('button')).toBeNull();
  });
});
