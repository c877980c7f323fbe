import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_SETTLE_MS, holdFirstScreen, NOT_AWAITED_ON_FIRST_SCREEN } from '../../lib/first-screen';
import { FirstScreenReveal } from './first-screen-reveal';

function Data({ load, meta }: { load: () => Promise<string>; meta?: Record<string, unknown> }) {
  const query = useQuery({ queryKey: ['data'], queryFn: load, meta });
  return <p>{query.data ?? 'loading'}</p>;
}

function setup(load: () => Promise<string>, meta?: Record<string, unknown>) {
  const onReady = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Data load={load} meta={meta} />
      <FirstScreenReveal onReady={onReady} />
    </QueryClientProvider>,
  );
  return onReady;
}

const settle = () => act(async () => void (await vi.advanceTimersByTimeAsync(FIRST_SCREEN_SETTLE_MS + 5)));

describe('FirstScreenReveal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the data the screen asked for, then reveals once', async () => {
    let resolve!: (value: string) => void;
    const onReady = setup(() => new Promise<string>((r) => (resolve = r)));
    await settle();
    await settle();
    expect(onReady).not.toHaveBeenCalled();

    await act(async () => resolve('agents'));
    await settle();
    expect(onReady).toHaveBeenCalledTimes(1);
    await settle();
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('reveals after a failed request too (the screen shows its error)', async () => {
    const onReady = setup(() => Promise.reject(new Error('down')));
    await settle();
    await settle();
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('waits while a page holds the screen (its code is loading)', async () => {
    const release = holdFirstScreen();
    const onReady = setup(() => Promise.resolve('agents'));
    await settle();
    await settle();
    expect(onReady).not.toHaveBeenCalled();
    act(() => release());
    await settle();
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('does not wait for data marked as not needed on the first screen', async () => {
    const onReady = setup(() => new Promise<string>(() => undefined), NOT_AWAITED_ON_FIRST_SCREEN);
    await settle();
    await settle();
    expect(onReady).toHaveBeenCalledTimes(1);
  });
});
