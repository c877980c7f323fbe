import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '#app/lib/format.ts';
import { coveredAtBottom } from '#app/lib/keep-clear.ts';
import { OfflineBanner } from './offline-banner';

const SAVED_AT = Date.UTC(2026, 11, 3, 9, 30);

function renderBanner() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['agents', 'list'], [], { updatedAt: SAVED_AT });
  return render(
    <QueryClientProvider client={queryClient}>
      <OfflineBanner />
    </QueryClientProvider>,
  );
}

describe('OfflineBanner', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('online, keeps an empty status region on the page, to be announced when it fills', () => {
    renderBanner();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says the connection is gone, from when the data shown was saved, and what works offline', async () => {
    renderBanner();
    const region = screen.getByRole('status');
    act(() => onlineManager.setOnline(false));
    expect(region.textContent).toContain(
      `You are offline. Showing agents saved on this device (last updated ${formatDateTime(SAVED_AT)}).`,
    );
    const more = screen.getByText('What works offline');
    const queued = screen.getByText(/Proposals, reviews and saves are queued/);
    expect((more.closest('details') as HTMLDetailsElement).open).toBe(false);
    await userEvent.click(more);
    expect((queued.closest('details') as HTMLDetailsElement).open).toBe(true);

    // Toasts keep clear of it, as of the other bars at the foot of the screen.
    const bar = region.firstElementChild as HTMLElement;
    bar.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: innerHeight - 90, width: 360, height: 90 });
    expect(coveredAtBottom(0, 360)).toBe(90);

    act(() => onlineManager.setOnline(true));
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('');
  });
});
