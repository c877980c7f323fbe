import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterPaint } from './use-after-paint';

describe('useAfterPaint', () => {
  it('turns on one frame after its input does, and at once when it starts on', async () => {
    const { result, rerender } = renderHook(({ on }) => useAfterPaint(on), { initialProps: { on: false } });
    expect(result.current).toBe(false);
    act(() => rerender({ on: true }));
    // The render that shows the tap's answer still says no: the work waits for the frame.
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
    rerender({ on: false });
    expect(result.current).toBe(false);
    rerender({ on: true });
    expect(result.current).toBe(true);

    expect(renderHook(() => useAfterPaint(true)).result.current).toBe(true);
  });
});
