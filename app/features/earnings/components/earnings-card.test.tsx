import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EarningsBalance } from '#common/types.ts';
import { EarningsCard } from './earnings-card';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that answers the card's GETs (its earnings, the payout account, payouts, statements). */
function stubApi(earnings: EarningsBalance) {
  const routes: Record<string, unknown> = {
    'GET /api/earnings': earnings,
    'GET /api/earnings/payout-account': {
      mode: 'sandbox',
      account: { provider: 'sandbox', detailsSubmitted: true, payoutsEnabled: true },
      minimumCents: 2000,
    },
    'GET /api/earnings/payouts': { payouts: [] },
    'GET /api/earnings/statements': [],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = routes[`${init?.method ?? 'GET'} ${String(input)}`];
      return body === undefined ? json(404, { message: 'Not found', error: 'Not found' }) : json(200, body);
    }),
  );
}

function setup(earnings: EarningsBalance) {
  stubApi(earnings);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <EarningsCard />
    </QueryClientProvider>,
  );
}

const base: EarningsBalance = {
  pendingCents: 0,
  availableCents: 0,
  lifetimeCents: 0,
  paidOutCents: 0,
  sharePercent: 80,
  holdDays: 7,
};

afterEach(() => vi.unstubAllGlobals());

describe('EarningsCard', () => {
  it('says plainly what the creator owes when a refund took available earnings below zero, and offers nothing to move', async () => {
    setup({ ...base, availableCents: -32000, paidOutCents: 32000, pendingCents: 2400, lifetimeCents: 2400 });
    expect(
      await screen.findByText(
        'You owe $320.00: a refund reached earnings you had already moved or been paid. Future earnings pay it back first; until then nothing can be moved to credits or paid out.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('-$320.00')).toBeTruthy();
    expect(screen.getByText('Below zero: future earnings pay it back first')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Nothing to move yet' }) as HTMLButtonElement).disabled).toBe(true);
    expect(((await screen.findByRole('button', { name: 'Request payout' })) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says nothing about owing when available earnings are zero or more', async () => {
    setup({ ...base, availableCents: 4800, lifetimeCents: 4800 });
    expect(await screen.findByRole('button', { name: 'Move 48 credits to my credits' })).toBeTruthy();
    expect(screen.queryByText(/You owe/)).toBeNull();
    expect(screen.getByText('Can move to your credits or be paid out now')).toBeTruthy();
  });
});
