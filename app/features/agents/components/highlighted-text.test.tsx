import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SearchHit } from '#common/search.ts';
import { agentOf } from '#app/test/agent-set.ts';
import { AgentCard } from './agent-card';
import { HighlightedText } from './highlighted-text';

describe('HighlightedText', () => {
  it('marks the matched words and keeps markup in the text as text', () => {
    const name = '<img src=x onerror=alert(1)> Markupbot';
    const { container } = render(
      <p>
        <HighlightedText
          text={name}
          segments={[{ text: '<img src=x onerror=alert(1)> ' }, { text: 'Markupbot', match: true }]}
        />
      </p>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe(name);
    expect(container.querySelector('mark')?.textContent).toBe('Markupbot');
  });

  it('shows the plain text when the segments do not add up to it', () => {
    const { container } = render(
      <p>
        <HighlightedText text="Reconciles invoices." segments={[{ text: 'Something else', match: true }]} />
      </p>,
    );
    expect(container.textContent).toBe('Reconciles invoices.');
    expect(container.querySelector('mark')).toBeNull();
  });

  it('is what a search result card shows for its name and description', () => {
    const hit: SearchHit = {
      ...agentOf(7, {
        name: 'LedgerLens',
        description: 'Reconciles <b>invoices</b>.',
        businessCategory: 'Finance',
        businessDepartment: 'Finance',
      }),
      highlights: { description: [{ text: 'Reconciles <b>' }, { text: 'invoices', match: true }, { text: '</b>.' }] },
    };
    // The card's Save button reads who is signed in from the query cache.
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <AgentCard agent={hit} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'LedgerLens' })).toBeTruthy();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('mark')?.textContent).toBe('invoices');
    expect(screen.getByText(/Reconciles <b>/)).toBeTruthy();
  });
});
