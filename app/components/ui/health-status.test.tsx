import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HealthStatus } from './health-status';

describe('HealthStatus', () => {
  const at = (status: 'up' | 'slow' | 'down') => ({
    status,
    since: '2026-11-03T12:00:00.000Z',
    checkedAt: '2026-11-29T10:00:00.000Z',
  });

  it("says 'Up', 'Slow' or 'Not responding since <date>' in words, each in its own colour", () => {
    const { container } = render(
      <>
        <HealthStatus health={at('up')} />
        <HealthStatus health={at('slow')} />
        <HealthStatus health={at('down')} />
      </>,
    );
    const pills = [...container.children].map((pill) => [pill.textContent, pill.className.match(/bg-(\w+)-50/)?.[1]]);
    expect(pills).toEqual([
      ['Status: Up', 'emerald'],
      ['Status: Slow', 'amber'],
      ['Status: Not responding since Nov 3, 2026', 'red'],
    ]);
  });

  it('says nothing before the first check', () => {
    const { container } = render(<HealthStatus health={null} />);
    expect(container.innerHTML).toBe('');
  });
});
