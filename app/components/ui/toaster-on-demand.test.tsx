import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ToasterOnDemand } from './toaster-on-demand';
import { toast } from '#app/hooks/use-toast.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('mounts the toasts once their code has loaded at idle, so the first toast shows in the render it asks for', async () => {
  vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
  render(<ToasterOnDemand />);
  // Nothing said yet, and the region is there: a toast need not wait a render for its viewport.
  expect(await screen.findByRole('region', { name: /Notifications/ })).toBeTruthy();
  act(() => void toast({ title: 'Link copied' }));
  expect(screen.getByRole('region', { name: /Notifications/ }).textContent).toContain('Link copied');
});
