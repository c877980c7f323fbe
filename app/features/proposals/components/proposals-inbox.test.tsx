import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Proposal } from '#common/types.ts';
import { INBOX_PAGE_SIZE, ProposalsInbox } from './proposals-inbox';

const proposal = (id: number, status: Proposal['status'] = 'new'): Proposal => ({
  id,
  name: `Idea ${id}`,
  description: 'An agent idea from the tests.',
  proposerName: 'Vera',
  proposerEmail: 'vera@example.com',
  userId: null,
  status,
  createdAt: '2026-11-20T10:00:00.000Z',
  reviewedAt: status === 'reviewed' ? '2026-11-21T10:00:00.000Z' : null,
});

/** A stand-in for GET /api/proposals: `total` proposals of the asked status, paged as the server does. */
function serveInbox(totals: { new: number; reviewed: number }) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const status = url.searchParams.get('status') as 'new' | 'reviewed' | null;
    const total = status ? totals[status] : totals.new + totals.reviewed;
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) =>
      proposal(offset + i + 1, status ?? 'new'),
    );
    return new Response(JSON.stringify(items), {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
    });
  });
}

const asked = (spy: ReturnType<typeof serveInbox>) =>
  spy.mock.calls.map(
    ([input]) => new URL(String(input instanceof Request ? input.url : input), 'http://localhost').search,
  );

const mount = (path: string) => {
  window.history.replaceState(null, '', path);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ProposalsInbox />
    </QueryClientProvider>,
  );
};

describe('ProposalsInbox', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('opens on the New list, page 1, and says how many of how many it shows', async () => {
    const spy = serveInbox({ new: 45, reviewed: 3 });
    mount('/proposals');
    expect((await screen.findByText(/^Showing/)).textContent).toBe(
      `Showing ${INBOX_PAGE_SIZE} of 45 new proposals (1–20)`,
    );
    expect(asked(spy)).toEqual([`?limit=${INBOX_PAGE_SIZE}&offset=0&status=new`]);
    expect(screen.getByRole('button', { name: 'New' }).getAttribute('aria-pressed')).toBe('true');
    const pages = screen.getByRole('navigation', { name: 'Inbox pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeTruthy();
    expect((within(pages).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('pages with Next and keeps the page in the URL', async () => {
    const spy = serveInbox({ new: 45, reviewed: 3 });
    mount('/proposals');
    await screen.findByText(/^Showing/);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByText(/^Showing/).textContent).toBe('Showing 20 of 45 new proposals (21–40)'),
    );
    expect(window.location.search).toBe('?page=2');
    expect(asked(spy).at(-1)).toBe('?limit=20&offset=20&status=new');
    expect(screen.getByRole('article', { name: 'Idea 21' })).toBeTruthy();
  });

  it('reads a shared link: the Reviewed filter and its last page', async () => {
    const spy = serveInbox({ new: 5, reviewed: 25 });
    mount('/proposals?status=reviewed&page=2');
    expect((await screen.findByText(/^Showing/)).textContent).toBe('Showing 5 of 25 reviewed proposals (21–25)');
    expect(asked(spy)).toEqual(['?limit=20&offset=20&status=reviewed']);
    expect(screen.getByRole('button', { name: 'Reviewed' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('All lists every status from page 1 and puts status=all in the URL', async () => {
    const spy = serveInbox({ new: 2, reviewed: 1 });
    mount('/proposals?page=3');
    await userEvent.click(await screen.findByRole('button', { name: 'All' }));
    await waitFor(() => expect(screen.getByText(/^Showing/).textContent).toBe('Showing 3 of 3 proposals'));
    expect(window.location.search).toBe('?status=all');
    expect(asked(spy).at(-1)).toBe('?limit=20&offset=0');
    expect(screen.queryByRole('navigation', { name: 'Inbox pages' })).toBeNull();
  });

  it('says the filter is empty', async () => {
    serveInbox({ new: 0, reviewed: 4 });
    mount('/proposals');
    expect(await screen.findByText('No new proposals')).toBeTruthy();
  });
});
