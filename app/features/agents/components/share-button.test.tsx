import { act, renderHook } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { dismissToast, useToasts } from '#app/hooks/use-toast.ts';
import { sharePage } from './share-button';

afterEach(() => {
  vi.unstubAllGlobals();
});

const page = { title: 'LeadScout', text: 'Finds leads', path: '/agents/7' };
const url = `${location.origin}/agents/7`;
const shown = () => renderHook(() => useToasts().filter((t) => t.open));

it('opens the share sheet where there is one, and says nothing when it is closed', async () => {
  const { result } = shown();
  const share = vi.fn(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
  const writeText = vi.fn(() => Promise.resolve());
  vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText } });
  await act(() => sharePage(page));
  expect(share).toHaveBeenCalledWith({ title: 'LeadScout', text: 'Finds leads', url });
  expect(writeText).not.toHaveBeenCalled();
  expect(result.current).toEqual([]);
});

it('copies the link where there is no share sheet, and says whether it could', async () => {
  const { result } = shown();
  const writeText = vi.fn(() => Promise.resolve());
  vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
  await act(() => sharePage(page));
  expect(writeText).toHaveBeenCalledWith(url);
  expect(result.current.map((t) => [t.title, t.description, t.variant])).toEqual([['Link copied', url, 'default']]);

  writeText.mockRejectedValueOnce(new Error('Document is not focused.'));
  await act(() => sharePage(page));
  expect(result.current.map((t) => [t.title, t.description, t.variant])).toEqual([
    ['Could not copy the link', url, 'destructive'],
  ]);

  // A page not served over HTTPS has no clipboard.
  act(() => result.current.forEach((t) => dismissToast(t.id)));
  vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: undefined });
  await act(() => sharePage(page));
  expect(result.current.map((t) => [t.title, t.variant])).toEqual([['Could not copy the link', 'destructive']]);
  act(() => result.current.forEach((t) => dismissToast(t.id)));
});
