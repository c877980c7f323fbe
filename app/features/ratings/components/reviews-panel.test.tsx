import 'fake-indexeddb/auto';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rating, RatingSummary } from '#common/types.ts';
import { agentKeys, ratingKeys } from '#app/lib/query-keys.ts';
import { deleteOfflineDb } from '#app/test/offline-db.ts';
import { personOf, signedInClient } from '#app/test/signed-in.tsx';
import { ReviewsPanel } from './reviews-panel';

// Each review's Helpful button asks for its mutation as it renders: how often the list was drawn.
const helpfulRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('#app/features/ratings/api/set-helpful.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('#app/features/ratings/api/set-helpful.ts')>();
  return {
    ...actual,
    useSetHelpful: () => {
      helpfulRenders.count++;
      return actual.useSetHelpful();
    },
  };
});

const sam = personOf({ id: 5 });
const review = (id: number, userId: number, username: string, comment: string, rating = 4): Rating => ({
  id,
  agentId: 7,
  userId,
  rating,
  comment,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
  user: { username },
  triedIt: false,
  helpfulCount: 0,
  helpedByMe: false,
  reply: null,
});

function renderPanel(reviews: Rating[], mine: Rating | null) {
  const client = signedInClient(sam);
  client.setQueryData(ratingKeys.pages(7, 'helpful'), {
    pages: [{ items: reviews, total: reviews.length, offset: 0 }],
    pageParams: [0],
  });
  const summary: RatingSummary = { total: reviews.length, average: 4, counts: [0, 0, 0, reviews.length, 0], mine };
  client.setQueryData(ratingKeys.summary(7, sam.id), summary);
  client.setQueryData(agentKeys.detail(7), { id: 7, name: 'LedgerLens', voteCount: reviews.length });
  render(
    <QueryClientProvider client={client}>
      <ReviewsPanel agentId={7} creatorId={1} viewer={{ id: sam.id, emailVerified: true }} onSubmitted={() => {}} />
    </QueryClientProvider>,
  );
  return client;
}

beforeEach(deleteOfflineDb);
afterEach(() => vi.unstubAllGlobals());

describe("the person's own review", () => {
  it("is shown once: pinned as 'Your review', left out of the list", async () => {
    const mine = review(2, sam.id, 'sam', 'Mine, said once.');
    renderPanel([review(1, 9, 'kenji', 'Someone else.'), mine], mine);
    const pinned = await screen.findByRole('region', { name: 'Your review' });
    expect(within(pinned).getByText('Mine, said once.')).toBeTruthy();
    expect(screen.getAllByText('Mine, said once.')).toHaveLength(1);
    const list = screen.getByRole('list', { name: 'Reviews' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Someone else.')).toBeTruthy();
  });

  it("the only review being one's own, no empty list says nobody has reviewed it", async () => {
    const mine = review(2, sam.id, 'sam', 'The only one.');
    renderPanel([mine], mine);
    await screen.findByRole('region', { name: 'Your review' });
    expect(screen.getAllByText('The only one.')).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Reviews' })).toBeNull();
    expect(screen.queryByText(/No reviews yet/)).toBeNull();
  });

  it('the average is not repeated above the bars: the page says it once, under the name', async () => {
    renderPanel([review(1, 9, 'kenji', 'Someone else.')], null);
    expect(await screen.findByRole('list', { name: 'Ratings by star' })).toBeTruthy();
    expect(screen.queryByText('4.0')).toBeNull();
    expect(screen.queryByText(/from 1 review/)).toBeNull();
  });

  it("deleting it refreshes the agent's average and count, whatever becomes of the dialog", async () => {
    // The delete is answered; the refetches it starts never are (the page's own callbacks never run).
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        (init?.method ?? (input instanceof Request ? input.method : 'GET')) === 'DELETE'
          ? new Response(JSON.stringify({ message: 'Deleted' }), { headers: { 'Content-Type': 'application/json' } })
          : new Promise<Response>(() => {}),
      ),
    );
    const mine = review(2, sam.id, 'sam', 'About to go.');
    const client = renderPanel([review(1, 9, 'kenji', 'Someone else.'), mine], mine);
    const pinned = await screen.findByRole('region', { name: 'Your review' });
    fireEvent.click(within(pinned).getByRole('button', { name: 'Delete review' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your review?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete review' }));
    await waitFor(() => expect(client.getQueryState(agentKeys.detail(7))?.isInvalidated).toBe(true));
  });
});

describe('Write a Review', () => {
  it('opens the form in its tap without drawing the reviews under it again', async () => {
    renderPanel([review(1, 9, 'kenji', 'One.'), review(3, 10, 'ana', 'Two.')], null);
    const list = await screen.findByRole('list', { name: 'Reviews' });
    // Settled: the histogram (the summary) and the offline queue's answer are in.
    await screen.findByRole('list', { name: 'Ratings by star' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const drawn = helpfulRenders.count;
    expect(drawn).toBeGreaterThan(0);
    const write = screen.getByRole('button', { name: 'Write a Review' });
    fireEvent.click(write);
    expect(write.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(helpfulRenders.count).toBe(drawn);
  });
});
