import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConsoleAgent } from '#common/api-schemas.ts';
import { agentOf } from '#app/test/agent-set.ts';
import { ConsoleAgents } from './console-agents';
import { ConsoleTotals } from './console-totals';

const consoleAgent = (agent: ReturnType<typeof agentOf>, fields: Partial<ConsoleAgent> = {}): ConsoleAgent => ({
  ...agent,
  triesLast30Days: 0,
  earningsLast30DaysCents: 0,
  ...fields,
});

const ledger = consoleAgent(
  agentOf(7, {
    name: 'LedgerLens',
    description: 'Reconciles invoices.',
    averageRating: 4.46,
    voteCount: 12,
    thumbnailUrl: '/media/thumbs/a.webp',
    health: { status: 'up', since: '2026-11-01T10:00:00.000Z', checkedAt: '2026-11-29T10:00:00.000Z' },
  }),
  { triesLast30Days: 1234, earningsLast30DaysCents: 98_765 },
);
const hidden = consoleAgent(
  agentOf(8, {
    name: 'Quiet One',
    description: 'Hidden by the moderators.',
    voteCount: 0,
    averageRating: 0,
    hiddenByModerators: true,
    health: { status: 'down', since: '2026-11-20T12:00:00.000Z', checkedAt: '2026-11-29T10:00:00.000Z' },
  }),
);
const slow = consoleAgent(
  agentOf(9, {
    name: 'Slowpoke',
    description: 'Answers, eventually.',
    health: { status: 'slow', since: '2026-11-28T12:00:00.000Z', checkedAt: '2026-11-29T10:00:00.000Z' },
  }),
);

const phoneCard = (name: string) =>
  within(screen.getByRole('list', { name: 'Your agents' }))
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('heading', { name }))!;
const tableRow = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe('the creator console', () => {
  it("shows each agent's status, health, figures and rating, on a phone card and in the desktop table alike", () => {
    render(<ConsoleAgents agents={[ledger, hidden, slow]} />);
    for (const scope of [within(phoneCard('LedgerLens')), within(tableRow('LedgerLens'))]) {
      expect(scope.getByRole('link', { name: 'LedgerLens' }).getAttribute('href')).toBe('/agents/7');
      expect(scope.getByText('Listed')).toBeTruthy();
      expect(scope.getByText('Up')).toBeTruthy();
      expect(scope.getByText('1,234')).toBeTruthy();
      expect(scope.getByText('$987.65')).toBeTruthy();
      expect(scope.getByText('4.5')).toBeTruthy();
      expect(scope.getByText('12 reviews')).toBeTruthy();
      expect(scope.queryByText('No reviews yet')).toBeNull();
    }
    for (const scope of [within(phoneCard('Quiet One')), within(tableRow('Quiet One'))]) {
      expect(scope.getByText('Hidden by moderators')).toBeTruthy();
      expect(scope.getByText('Not responding since Nov 20, 2026')).toBeTruthy();
      expect(scope.getByText('No reviews yet')).toBeTruthy();
      expect(scope.getByText('$0.00')).toBeTruthy();
    }
    expect(within(phoneCard('Slowpoke')).getByText('Slow')).toBeTruthy();
    // No health before the first check: nothing said rather than a guess.
    render(<ConsoleAgents agents={[consoleAgent(agentOf(10, { name: 'Unchecked', description: 'No URL.' }))]} />);
    const unchecked = within(tableRow('Unchecked'));
    expect(unchecked.getByText('Listed')).toBeTruthy();
    expect(unchecked.queryByText(/^(Up|Slow|Not responding)/)).toBeNull();
  });

  it('names its table columns and labels Edit and Insights by the agent they act on', () => {
    render(<ConsoleAgents agents={[ledger]} />);
    const table = screen.getByRole('table', { name: 'Your agents' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Agent', 'Status', 'Tries (30 days)', 'Earnings (30 days)', 'Rating', 'Actions']);
    for (const scope of [within(phoneCard('LedgerLens')), within(table)]) {
      const edit = scope.getByRole('link', { name: 'Edit LedgerLens' });
      expect(edit.getAttribute('href')).toBe('/submit-agent?edit=7');
      const insights = scope.getByRole('link', { name: 'Insights of LedgerLens' });
      expect(insights.getAttribute('href')).toBe('/my-agents?tab=insights&agent=7');
      // At least 44 px tall (min-h-11), drawn as buttons.
      for (const button of [edit, insights]) expect(button.className).toContain('min-h-11');
    }
    // The small cover, decorative beside the name.
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/media/thumbs/a.webp');
    expect(document.querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('sums them up on top: agents (and how many are hidden), tries, earnings and reviews', () => {
    render(
      <ConsoleTotals
        totals={{
          agents: 3,
          listed: 2,
          hidden: 1,
          triesLast30Days: 1240,
          earningsLast30DaysCents: 98_765,
          reviews: 12,
        }}
      />,
    );
    const totals = within(screen.getByRole('region', { name: 'Totals' }));
    const figure = (term: string) => totals.getByText(term).nextElementSibling?.textContent;
    expect(figure('Agents')).toBe('3, 2 listed, 1 hidden');
    expect(figure('Tries in 30 days')).toBe('1,240');
    expect(figure('Earnings in 30 days')).toBe('$987.65');
    expect(figure('Reviews')).toBe('12');
  });
});
