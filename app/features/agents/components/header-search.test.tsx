import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { expect, it } from 'vitest';
import { HeaderSearch } from './header-search';

/** Text the box shows but React's state does not hold yet: typed before hydration, before useEarlyInput's effect. */
const typeBeforeState = (box: HTMLInputElement, text: string) => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, text);
};

it('Enter in the header search before its early text reaches state searches for what the box shows', () => {
  const location = memoryLocation({ path: '/', record: true });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Router hook={location.hook}>
        <HeaderSearch />
      </Router>
    </QueryClientProvider>,
  );
  const box = screen.getAllByRole('combobox', { name: 'Search agents' })[0] as HTMLInputElement;
  typeBeforeState(box, 'ledger');
  fireEvent.keyDown(box, { key: 'Enter' });
  expect(location.history.at(-1)).toBe('/search?q=ledger');
});
