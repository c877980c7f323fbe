import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { deleteOfflineDb } from '#app/test/offline-db.ts';
import { addToOutbox, listOutbox } from '#app/lib/outbox.ts';
import { QueuedReview, useQueuedReview } from './queued-review';

let clock = 1_000;
const review = (id: string, agentId: number, userId: number, comment: string) =>
  addToOutbox(
    {
      id,
      kind: 'review',
      label: `Review of agent ${agentId}`,
      url: '/api/ratings',
      agentId,
      body: { agentId, userId, rating: 4, comment },
    },
    (clock += 1_000),
  );

function Harness({ agentId, userId }: { agentId: number; userId: number | null }) {
  const item = useQueuedReview(agentId, userId);
  return item ? <QueuedReview item={item} /> : <p>Nothing waiting</p>;
}

beforeEach(deleteOfflineDb);

it("shows the viewer's newest waiting review of this agent as 'Your review', and no one else's", async () => {
  await review('a', 3, 9, 'First draft in a tunnel');
  await review('b', 3, 9, 'Second thoughts in the tunnel');
  await review('c', 3, 10, 'Another account on this device');
  await review('d', 4, 9, 'Another agent');
  render(<Harness agentId={3} userId={9} />);

  const mine = await screen.findByRole('region', { name: 'Your review' });
  expect(within(mine).getByText('Second thoughts in the tunnel')).toBeTruthy();
  expect(within(mine).getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
  expect(within(mine).getByText('Queued')).toBeTruthy();
  expect(within(mine).getByText(/Saved on this device/)).toBeTruthy();
  expect(screen.queryByText('Another account on this device')).toBeNull();
});

it('is gone once discarded, and a visitor sees nothing of it', async () => {
  await review('a', 3, 9, 'Written offline');
  const { unmount } = render(<Harness agentId={3} userId={null} />);
  await waitFor(() => expect(screen.getByText('Nothing waiting')).toBeTruthy());
  unmount();

  render(<Harness agentId={3} userId={9} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Discard review' }));
  await screen.findByText('Nothing waiting');
  expect(await listOutbox()).toEqual([]);
});
