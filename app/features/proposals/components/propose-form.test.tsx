import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProposeForm } from './propose-form';

const wrap = (signedIn: boolean) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProposeForm signedIn={signedIn} />
    </QueryClientProvider>,
  );

describe('ProposeForm', () => {
  it('shows every SPEC message for visitors', async () => {
    wrap(false);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Proposal' }));
    expect(screen.getByText('Agent name is required')).toBeTruthy();
    expect(screen.getByText('Description must be at least 10 characters')).toBeTruthy();
    expect(screen.getByText('Your name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
  });

  it('asks signed-in users for the idea only and sends an Idempotency-Key', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ id: 1, name: 'Invoice Chaser', status: 'new' }), { status: 201, headers: { 'Content-Type': 'application/json' } }));
    wrap(true);
    expect(screen.queryByLabelText('Your email')).toBeNull();
    await userEvent.type(screen.getByLabelText('Agent name'), 'Invoice Chaser');
    await userEvent.type(screen.getByLabelText('Description'), 'Chases unpaid invoices politely.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Proposal' }));
    expect(await screen.findByText('Thank you for your proposal!')).toBeTruthy();
    expect(screen.getByText(/2-3 business days/)).toBeTruthy();
    const init = fetchSpy.mock.calls[0]![1]!;
    expect(new Headers(init.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    await userEvent.click(screen.getByRole('button', { name: 'Propose Another Agent' }));
    expect((screen.getByLabelText('Agent name') as HTMLInputElement).value).toBe('');
  });
});
