import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { Rating } from '#common/types.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { ReviewReply } from './review-reply';

vi.mock('#app/hooks/use-toast.ts', () => ({ toast: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const time = '2026-12-01T10:00:00.000Z';
const review: Rating = {
  id: 5,
  agentId: 3,
  userId: 9,
  rating: 4,
  comment: 'Handy',
  createdAt: time,
  updatedAt: time,
  user: { username: 'sam' },
  triedIt: true,
  helpfulCount: 0,
  helpedByMe: false,
  reply: { body: 'Thanks, Sam', createdAt: time, updatedAt: time, user: { username: 'ada' } },
};

it('deletes a reply once for a double tap: no second request, no error after the success', async () => {
  let answer!: (res: Response) => void;
  const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ReviewReply review={review} canReply />
    </QueryClientProvider>,
  );
  const remove = screen.getByRole<HTMLButtonElement>('button', { name: 'Delete reply to sam' });
  // Both taps before any timer runs: the second meets a button already disabled.
  fireEvent.click(remove);
  expect(remove.disabled).toBe(true);
  fireEvent.click(remove);
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  answer(new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Reply deleted' })));
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Error' }));
});
