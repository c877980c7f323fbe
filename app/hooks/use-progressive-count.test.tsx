import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressiveCount } from './use-progressive-count';

/** Runs the scheduled steps one task at a time, as the browser would. */
const flush = () => {
  for (let i = 0; i < 10; i++) act(() => void vi.runOnlyPendingTimers());
};

describe('useProgressiveCount', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the first items at once and the rest a step per task', () => {
    const { result } = renderHook(() => useProgressiveCount(10, 4, 3));
    expect(result.current).toBe(4);
    act(() => void vi.advanceTimersByTime(0));
    expect(result.current).toBe(7);
    flush();
    expect(result.current).toBe(10);
  });

  it('never reports more than there are, and continues when the list grows', () => {
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total, 4, 4), { initialProps: { total: 2 } });
    expect(result.current).toBe(2);
    flush();
    expect(result.current).toBe(2);
    rerender({ total: 12 });
    flush();
    expect(result.current).toBe(12);
  });
});
