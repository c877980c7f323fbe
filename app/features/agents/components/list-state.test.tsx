import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListState, type ListQuery } from './list-state';

const query = (over: Partial<ListQuery>): ListQuery => ({
  isPending: false,
  fetchStatus: 'idle',
  isError: false,
  data: { pages: [] },
  error: null,
  refetch: () => undefined,
  ...over,
});

const show = (q: ListQuery, isEmpty = false) =>
  render(
    <ListState query={q} isEmpty={isEmpty} loading={<p>loading</p>} empty={<p>nothing</p>} offline="search results">
      <p>the list</p>
    </ListState>,
  );

describe('ListState', () => {
  it('says offline when the first request waits for a connection', () => {
    show(query({ isPending: true, fetchStatus: 'paused', data: undefined }));
    expect(screen.getByText(/Search results have not been saved on this device yet/)).toBeTruthy();
  });

  it('shows the loading state, then an error with a retry, then empty, then the list', () => {
    const { unmount } = show(query({ isPending: true, fetchStatus: 'fetching', data: undefined }));
    expect(screen.getByText('loading')).toBeTruthy();
    unmount();
    const failed = show(query({ isError: true, data: undefined, error: new Error('Server down') }));
    expect(screen.getByRole('alert').textContent).toContain('Server down');
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
    failed.unmount();
    const empty = show(query({}), true);
    expect(screen.getByText('nothing')).toBeTruthy();
    empty.unmount();
    show(query({}));
    expect(screen.getByText('the list')).toBeTruthy();
  });

  it('keeps showing saved data when refreshing it failed', () => {
    show(query({ isError: true, error: new Error('offline') }));
    expect(screen.getByText('the list')).toBeTruthy();
  });
});
