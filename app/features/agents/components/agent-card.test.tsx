import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as renderInPage, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { agentOf } from '#app/test/agent-set.ts';
import { AgentCard } from './agent-card';
import { StarRating } from './star-rating';

const agent = agentOf(7, {
  name: 'LedgerLens',
  description: 'Reconciles invoices.',
  departmentId: 3,
  averageRating: 4.46,
  rating: 4.46,
  voteCount: 12,
  creditCost: 9,
  credits: 9,
  businessCategory: 'Finance',
  businessDepartment: 'Finance',
  categoryName: 'Finance',
});

// The card's Save button reads who is signed in from the query cache.
const render = (ui: ReactElement) =>
  renderInPage(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

describe('AgentCard', () => {
  it('shows the browse card fields and links to the detail page', () => {
    render(<AgentCard agent={agent} />);
    expect(screen.getByRole('heading', { name: 'LedgerLens' })).toBeTruthy();
    expect(screen.getByText('4.5')).toBeTruthy();
    expect(screen.getByText('9 credits')).toBeTruthy();
    expect(screen.getByText('12 reviews')).toBeTruthy();
    // No picture: the generated one (the name's initials on the seed's gradient), never an emoji box.
    expect(screen.getByText('LL').closest('svg')).toBeTruthy();
    // The whole card is one link named by the agent; department and category are one badge when equal.
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'LedgerLens' }).getAttribute('href')).toBe('/agents/7');
    // Its Save toggle, not pressed until saved (docs/decisions/0027).
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getAllByText('Finance')).toHaveLength(1);
  });

  it("links the creator's name to their page, above the card's own link, and shows the small cover", () => {
    render(
      <AgentCard
        agent={{
          ...agent,
          creatorId: 3,
          creatorUsername: 'demo',
          imageUrl: '/media/covers/a.webp',
          thumbnailUrl: '/media/thumbs/b.webp',
        }}
      />,
    );
    expect(screen.getByRole('link', { name: 'demo' }).getAttribute('href')).toBe('/creators/demo');
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/media/thumbs/b.webp');
  });

  it("says 'No reviews yet' for an agent nobody has reviewed, never a 0.0, and shows a category that differs", () => {
    render(<AgentCard agent={{ ...agent, averageRating: 0, voteCount: 0, businessCategory: 'Accounts Payable' }} />);
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(screen.queryByText('0.0')).toBeNull();
    expect(screen.queryByText('New')).toBeNull();
    expect(screen.queryByText('0 reviews')).toBeNull();
    expect(screen.getByText('Accounts Payable')).toBeTruthy();
    expect(screen.getByText('Finance')).toBeTruthy();
  });

  it('shows the category, then the department, and one badge when they name the same team', () => {
    const { container, unmount } = render(
      <AgentCard agent={{ ...agent, businessCategory: 'Sales', businessDepartment: 'Sales Ops' }} />,
    );
    const text = container.textContent ?? '';
    expect(text).toContain('Category: SalesDepartment: Sales Ops');
    unmount();
    render(<AgentCard agent={{ ...agent, businessCategory: 'Human Resources', businessDepartment: 'HR' }} />);
    expect(screen.getByText('Human Resources')).toBeTruthy();
    expect(screen.queryByText('HR')).toBeNull();
  });

  it('shows its tries this month and its health, and nothing of either when there is none', () => {
    const { unmount } = render(
      <AgentCard
        agent={{
          ...agent,
          recentTries: 52,
          health: { status: 'up', since: '2026-11-01T00:00:00.000Z', checkedAt: '2026-11-29T10:00:00.000Z' },
        }}
      />,
    );
    expect(screen.getByText('52 tries this month')).toBeTruthy();
    expect(screen.getByText('Up')).toBeTruthy();
    unmount();
    render(<AgentCard agent={{ ...agent, recentTries: 0, health: null }} />);
    expect(screen.queryByText(/this month/)).toBeNull();
    expect(screen.queryByText(/^Status: /)).toBeNull();
  });
});

describe('StarRating', () => {
  it('draws a half star when the fraction is at least .5', () => {
    const { container } = render(<StarRating value={3.5} />);
    expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeTruthy();
    // Three whole stars filled and the half of the fourth, in one drawing.
    expect(container.querySelectorAll('svg')).toHaveLength(1);
    expect(container.querySelectorAll('path.fill-amber-400')).toHaveLength(4);
  });

  it('draws no half star below .5', () => {
    const { container } = render(<StarRating value={3.4} />);
    expect(container.querySelectorAll('path.fill-amber-400')).toHaveLength(3);
  });
});
