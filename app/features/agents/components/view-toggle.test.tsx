import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ViewToggle, type ViewMode } from './view-toggle';

afterEach(() => vi.unstubAllGlobals());

/** requestAnimationFrame's callbacks, kept until `paint` runs them. */
function holdFrames(): FrameRequestCallback[] {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
  return frames;
}

/** The frames asked for are painted, then the task after them runs. */
const paint = (frames: FrameRequestCallback[]) =>
  act(async () => {
    frames.splice(0).forEach((frame) => frame(0));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

const at = (value: ViewMode, onChange: (mode: ViewMode) => void) => (
  <Router hook={memoryLocation({ path: '/agents' }).hook}>
    <ViewToggle value={value} onChange={onChange} />
  </Router>
);

it('shows the tapped layout pressed in the tap’s own render, and changes the list after that frame', async () => {
  const frames = holdFrames();
  const onChange = vi.fn();
  const { rerender } = render(at('grid', onChange));
  fireEvent.click(screen.getByRole('button', { name: 'List view' }));
  expect(screen.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
  expect(screen.getByRole('button', { name: 'Grid view' }).getAttribute('aria-pressed')).toBe('false');
  expect(onChange).not.toHaveBeenCalled();

  // The frame is painted; the task after it lays the list out anew.
  await paint(frames);
  expect(onChange).toHaveBeenCalledExactlyOnceWith('list');
  rerender(at('list', onChange));
  expect(screen.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');

  // The layout shown already: nothing to change.
  fireEvent.click(screen.getByRole('button', { name: 'List view' }));
  expect(frames).toHaveLength(0);
});

it('does not change the layout of a page opened before the tap’s frame was painted', async () => {
  const frames = holdFrames();
  const onChange = vi.fn();
  const { unmount } = render(at('grid', onChange));
  fireEvent.click(screen.getByRole('button', { name: 'List view' }));
  unmount();
  await paint(frames);
  expect(onChange).not.toHaveBeenCalled();
});
