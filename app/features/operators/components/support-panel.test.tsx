import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupportHistory } from '#common/types.ts';
import type { PersonSummary } from '#common/types.ts';
import { SupportPanel } from './support-panel';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const person: PersonSummary = { id: 7, username: 'maker', email: 'maker@example.com', role: 'user', credits: 320 };

/** Finds `person` and answers their history with `earnings`. */
async function showHistory(earnings: SupportHistory['earnings']) {
  const history: SupportHistory = { person, transactions: [], earnings };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/admin/people?')) return json(200, [person]);
      if (url === '/api/admin/people/7/transactions') return json(200, history);
      return json(404, { message: 'Not found', error: 'Not found' });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SupportPanel />
    </QueryClientProvider>,
  );
  await userEvent.type(screen.getByLabelText('Username or email'), 'maker');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Show history of maker' }));
  await screen.findByRole('heading', { name: 'Credit history of maker' });
}

afterEach(() => vi.unstubAllGlobals());

describe("SupportPanel: a person's earnings", () => {
  it('says what a creator owes after a refund reached earnings already moved or paid out, with the amount', async () => {
    await showHistory({ availableCents: -32000, pendingCents: 2400 });
    expect(
      screen.getByText(
        'Owes $320.00 in earnings: a refund reached earnings already moved into credits or paid out. Future earnings pay it back first ($24.00 pending); nothing can be moved or paid out until then.',
      ),
    ).toBeTruthy();
  });

  it("shows a creator's earnings otherwise", async () => {
    await showHistory({ availableCents: 4800, pendingCents: 240 });
    expect(screen.getByText('Earnings as a creator: $48.00 available · $2.40 pending')).toBeTruthy();
    expect(screen.queryByText(/Owes/)).toBeNull();
  });

  it('shows no earnings line for someone who never earned', async () => {
    await showHistory(null);
    expect(screen.queryByText(/Earnings as a creator|Owes/)).toBeNull();
  });
});
