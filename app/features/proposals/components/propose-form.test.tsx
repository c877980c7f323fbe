import 'fake-indexeddb/auto';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listOutbox } from '../../../lib/outbox';
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

  it('offline, says "saved on this device" only once the proposal is in the outbox', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    onlineManager.setOnline(false);
    try {
      wrap(true);
      await userEvent.type(screen.getByLabelText('Agent name'), 'Offline Idea');
      await userEvent.type(screen.getByLabelText('Description'), 'Written on a train with no signal.');
      await userEvent.click(screen.getByRole('button', { name: 'Submit Proposal' }));
      expect(await screen.findByRole('heading', { name: 'Proposal saved on this device' })).toBeTruthy();
      expect(await listOutbox()).toEqual(expect.arrayContaining([expect.objectContaining({ label: 'Offline Idea', state: 'queued', body: { name: 'Offline Idea', description: 'Written on a train with no signal.' } })]));
      expect(fetchSpy.mock.calls.filter(([url]) => String(url).includes('propose-agent'))).toEqual([]);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it("shows the server's refusal and keeps the text for editing", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ error: 'That name is not allowed' }), { status: 400, headers: { 'Content-Type': 'application/json' } }));
    wrap(true);
    await userEvent.type(screen.getByLabelText('Agent name'), 'Refused Idea');
    await userEvent.type(screen.getByLabelText('Description'), 'Something the server will refuse.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Proposal' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That name is not allowed');
    expect((screen.getByLabelText('Agent name') as HTMLInputElement).value).toBe('Refused Idea');
    expect((await listOutbox()).filter((item) => item.label === 'Refused Idea')).toEqual([]);
  });
});
