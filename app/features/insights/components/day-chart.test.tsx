import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatCents, formatCount, formatRating } from '#app/lib/format.ts';
import { DayChart, niceMax } from './day-chart';

const days = (values: (number | null)[]) =>
  values.map((value, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, value }));

/** What the chart shows the eye: its axis values, top to bottom, and the value written by a bar or point. */
const drawing = () => document.querySelector('figure > [aria-hidden="true"]')!;
const axis = () => [...drawing().firstElementChild!.querySelectorAll('span.absolute')].map((s) => s.textContent);

describe('niceMax', () => {
  it('rounds the top of the scale up so the middle gridline is a whole number', () => {
    expect([0, 1, 2, 3, 5, 7, 9, 11, 37, 400, 401, 999].map(niceMax)).toEqual([
      2, 2, 2, 4, 6, 8, 10, 20, 40, 400, 600, 1000,
    ]);
  });
});

describe('DayChart', () => {
  it('has a y-axis with its top, middle and zero, and writes the highest bar’s value on the chart', () => {
    render(
      <DayChart
        title="Earnings per day"
        points={days([0, 300, 150, 0])}
        format={formatCents}
        summary="$4.50 in the last 4 days"
      />,
    );
    expect(axis()).toEqual(['$4.00', '$2.00', '$0.00']);
    expect(within(drawing() as HTMLElement).getByText('$3.00')).toBeTruthy();
    // Each bar names its day and value on hover.
    expect([...drawing().querySelectorAll('rect title')].map((t) => t.textContent)).toEqual([
      'Nov 2, 2026: $3.00',
      'Nov 3, 2026: $1.50',
    ]);
  });

  it('marks the latest point of a line on a fixed scale, with short axis values', () => {
    render(
      <DayChart
        title="Rating over time"
        kind="line"
        max={5}
        points={days([null, 4, 4.5, null])}
        format={(v) => `${formatRating(v)} / 5`}
        tick={formatRating}
        summary="4.5 / 5 now"
      />,
    );
    expect(axis()).toEqual(['5.0', '2.5', '0.0']);
    expect(within(drawing() as HTMLElement).getByText('4.5', { selector: 'span' })).toBeTruthy();
  });

  it('keeps the same figures in a table for screen readers, shown on request', () => {
    render(<DayChart title="Tries per day" points={days([1, 0, 3])} format={formatCount} summary="4 tries" />);
    const table = screen.getByRole('table', { name: 'Tries per day, by day' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DayTries per day', 'Nov 1, 20261', 'Nov 2, 20260', 'Nov 3, 20263']);
    expect(screen.getByRole('button', { name: 'Show as table: Tries per day' })).toBeTruthy();
  });
});
