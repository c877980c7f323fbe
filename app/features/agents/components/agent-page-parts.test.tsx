import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AgentChange } from '#common/api-schemas.ts';
import { agentKeys } from '#app/lib/query-keys.ts';
import { agentOf } from '#app/test/agent-set.ts';
import { AgentHero } from './agent-hero';
import { WhatsNew } from './whats-new';

const agent = agentOf(7, {
  name: 'LedgerLens',
  description: 'Reconciles invoices.',
  averageRating: 4.3,
  rating: 4.3,
  voteCount: 3,
  businessCategory: 'Customer Support',
  businessDepartment: 'Customer Service',
});

const withClient = (ui: ReactElement, client = new QueryClient()) =>
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);

const change = (id: number, day: number, note: string): AgentChange => ({
  id,
  note,
  createdAt: `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`,
});

describe('AgentHero', () => {
  it('shows the rating once, with its count, and one badge for two names of one team', () => {
    withClient(<AgentHero agent={agent} reviewCount={3} />);
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeTruthy();
    expect(screen.getAllByText('4.3')).toHaveLength(1);
    expect(screen.getByText(/from 3 reviews/)).toBeTruthy();
    expect(screen.getByText('Customer Support')).toBeTruthy();
    expect(screen.queryByText('Customer Service')).toBeNull();
  });

  it("says 'No reviews yet' for an agent nobody has reviewed: no empty stars, no 0.0", () => {
    withClient(<AgentHero agent={{ ...agent, averageRating: 0, rating: 0, voteCount: 0 }} reviewCount={0} />);
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Rated/ })).toBeNull();
    expect(screen.queryByText('0.0')).toBeNull();
    expect(screen.queryByText(/from 0 reviews/)).toBeNull();
  });

  it('shows its health and its tries this month, and says when nobody has tried it this month', () => {
    const { unmount } = withClient(
      <AgentHero
        agent={{
          ...agent,
          recentTries: 1,
          health: { status: 'down', since: '2026-11-28T12:00:00.000Z', checkedAt: '2026-11-29T10:00:00.000Z' },
        }}
        reviewCount={3}
      />,
    );
    expect(screen.getByText('1 try this month')).toBeTruthy();
    expect(screen.getByText(/^Not responding since Nov 28, 2026$/)).toBeTruthy();
    unmount();
    withClient(<AgentHero agent={{ ...agent, recentTries: 0, health: null }} reviewCount={3} />);
    expect(screen.getByText('No tries yet this month')).toBeTruthy();
    expect(screen.queryByText(/^Status: /)).toBeNull();
  });

  it('shows the category before the department', () => {
    const { container } = withClient(
      <AgentHero agent={{ ...agent, businessCategory: 'Sales', businessDepartment: 'Sales Ops' }} reviewCount={3} />,
    );
    expect(container.textContent).toContain('Category: SalesDepartment: Sales Ops');
  });
});

describe("What's new", () => {
  const noted = { id: 7, whatsNewAt: '2026-11-20T12:00:00.000Z' };

  it('shows the latest note with its date, and the rest under a closed "Show all N changes"', () => {
    const client = new QueryClient();
    client.setQueryData(agentKeys.changes(7, noted.whatsNewAt), [
      change(3, 20, 'Reads PDF invoices now.'),
      change(2, 10, 'Twice as fast.'),
      change(1, 1, 'First release.'),
    ]);
    withClient(<WhatsNew agent={noted} />, client);
    const section = screen.getByRole('region', { name: "What's new" });
    expect(section.id).toBe('whats-new');
    expect(within(section).getByText('Reads PDF invoices now.')).toBeTruthy();
    expect(within(section).getByText('Nov 20, 2026').tagName).toBe('TIME');
    const details = section.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(within(details).getByText('Show all 3 changes')).toBeTruthy();
    // Latest first inside, as the API answers.
    expect([...details.querySelectorAll('li p')].map((p) => p.textContent)).toEqual([
      'Twice as fast.',
      'First release.',
    ]);
  });

  it('a single note has nothing to show all of', () => {
    const client = new QueryClient();
    client.setQueryData(agentKeys.changes(7, noted.whatsNewAt), [change(1, 20, 'First release.')]);
    withClient(<WhatsNew agent={noted} />, client);
    expect(screen.getByText('First release.')).toBeTruthy();
    expect(document.querySelector('details')).toBeNull();
  });

  it('asks for nothing and shows nothing for an agent without a note', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { container } = withClient(<WhatsNew agent={{ id: 7, whatsNewAt: null }} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.innerHTML).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches the notes of an agent that has one', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(Response.json([change(1, 20, 'Fetched note.')], { status: 200 }));
    withClient(<WhatsNew agent={noted} />);
    expect(await screen.findByText('Fetched note.')).toBeTruthy();
    expect(String(fetch.mock.calls[0]![0])).toContain('/api/agents/7/changes');
  });
});
