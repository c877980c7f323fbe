import 'fake-indexeddb/auto';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deliverOutbox, discardOutboxItem, listOutbox } from '#app/lib/outbox.ts';
import { ProposeForm } from './propose-form';

const wrap = (signedIn: boolean) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProposeForm signedIn={signedIn} />
    </QueryClientProvider>,
  );

/**
 * A signed-in person proposes `name` with no connection, until the card says it is saved on this
 * device. Back online is the caller's to say, in its `finally`.
 */
async function proposeOffline(name: string, description: string) {
  onlineManager.setOnline(false);
  wrap(true);
  await userEvent.type(screen.getByLabelText('Agent name'), name);
  await userEvent.type(screen.getByLabelText('Description'), description);
  await userEvent.click(screen.getByRole('button', { name: 'Submit Proposal' }));
  expect(await screen.findByRole('heading', { name: 'Proposal saved on this device' })).toBeTruthy();
}

describe('ProposeForm', () => {
  it('shows every documented message for visitors', async () => {
    wrap(false);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Proposal' }));
    expect(screen.getByText('Agent name is required')).toBeTruthy();
    expect(screen.getByText('Description must be at least 10 characters')).toBeTruthy();
    expect(screen.getByText('Your name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
  });

  it('asks signed-in users for the idea only and sends an Idempotency-Key', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ id: 1, name: 'Invoice Chaser', status: 'new' }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
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
    try {
      await proposeOffline('Offline Idea', 'Written on a train with no signal.');
      expect(await listOutbox()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            label: 'Offline Idea',
            state: 'queued',
            body: { name: 'Offline Idea', description: 'Written on a train with no signal.', website: '' },
          }),
        ]),
      );
      expect(fetchSpy.mock.calls.filter(([url]) => String(url).includes('propose-agent'))).toEqual([]);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('a proposal saved offline says it was received once the outbox has delivered it', async () => {
    try {
      await proposeOffline('Train Idea', 'Written in a tunnel, sent at the station.');
      expect(screen.getByText(/You are offline/)).toBeTruthy();
    } finally {
      onlineManager.setOnline(true);
    }
    // Back online, the outbox delivers it (here; another tab or the service worker does the same).
    const fetcher = vi.fn(
      async () =>
        new Response(JSON.stringify({ id: 7, name: 'Train Idea', status: 'new' }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const report = await deliverOutbox({ force: true, fetcher });
    expect(report.delivered.map((item) => item.label)).toContain('Train Idea');
    expect(await screen.findByRole('heading', { name: 'Thank you for your proposal!' })).toBeTruthy();
    expect(screen.getByText(/We received “Train Idea”/)).toBeTruthy();
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  it('a proposal saved offline and then discarded under Settings no longer says it will be sent', async () => {
    try {
      await proposeOffline('Dropped Idea', 'Thought better of it before the signal came.');
      const saved = (await listOutbox()).find((item) => item.label === 'Dropped Idea')!;
      await discardOutboxItem(saved.id);
      expect(await screen.findByRole('heading', { name: 'Proposal no longer on this device' })).toBeTruthy();
      expect(screen.queryByText(/will be sent automatically/)).toBeNull();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it("a visitor's normal submit stores and sends the hidden honeypot empty", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ id: 2, name: 'Honest Idea', status: 'new' }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const { container } = wrap(false);
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    // Hidden from people: out of the tab order, not announced, not autofilled.
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Agent name'), 'Honest Idea');
    await userEvent.type(screen.getByLabelText('Description'), 'Made by a person, not a bot.');
    await userEvent.type(screen.getByLabelText('Your name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Your email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Proposal' }));
    expect(await screen.findByText('Thank you for your proposal!')).toBeTruthy();
    const sent = fetchSpy.mock.calls.find(([url]) => String(url).includes('propose-agent'))!;
    const body = {
      name: 'Honest Idea',
      description: 'Made by a person, not a bot.',
      proposerName: 'Ada',
      proposerEmail: 'ada@example.com',
      website: '',
    };
    expect(JSON.parse(String(sent[1]!.body))).toEqual(body);
    expect(await listOutbox()).toEqual(
      expect.arrayContaining([expect.objectContaining({ label: 'Honest Idea', body })]),
    );
  });

  it('sends whatever a bot typed into the honeypot, so the server can refuse it', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(
          JSON.stringify({ error: 'Your submission could not be accepted. Please reload the page and try again.' }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
      );
    const { container } = wrap(true);
    await userEvent.type(screen.getByLabelText('Agent name'), 'Spam Idea');
    await userEvent.type(screen.getByLabelText('Description'), 'Buy cheap things at my shop.');
    await userEvent.type(container.querySelector<HTMLInputElement>('input[name="website"]')!, 'http://spam.example');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Proposal' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be accepted/);
    const sent = fetchSpy.mock.calls.find(([url]) => String(url).includes('propose-agent'))!;
    expect(JSON.parse(String(sent[1]!.body)).website).toBe('http://spam.example');
  });

  it("shows the server's refusal and keeps the text for editing", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ error: 'That name is not allowed' }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    wrap(true);
    await userEvent.type(screen.getByLabelText('Agent name'), 'Refused Idea');
    await userEvent.type(screen.getByLabelText('Description'), 'Something the server will refuse.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Proposal' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That name is not allowed');
    expect((screen.getByLabelText('Agent name') as HTMLInputElement).value).toBe('Refused Idea');
    expect((await listOutbox()).filter((item) => item.label === 'Refused Idea')).toEqual([]);
  });
});
