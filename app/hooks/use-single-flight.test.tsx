import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { useSingleFlight } from './use-single-flight';

function Send({ send, guarded }: { send: () => Promise<string>; guarded: boolean }) {
  const plain = useMutation({ mutationFn: send });
  const single = useSingleFlight(plain);
  const mutation = guarded ? single : plain;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate();
      }}
    >
      <button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? 'Sending...' : 'Send'}
      </button>
      {mutation.isSuccess && <p>Sent</p>}
    </form>
  );
}

const renderSend = (guarded: boolean) => {
  let answer: (value: string) => void = () => {};
  const send = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Send send={send} guarded={guarded} />
    </QueryClientProvider>,
  );
  return { send, answer: (value: string) => answer(value) };
};

it('says it is sending in the tap’s own commit, and a double tap sends once', async () => {
  const { send, answer } = renderSend(true);
  const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
  fireEvent.click(button);
  // No timer has run: the busy state is the tap's own.
  expect(screen.getByRole('button', { name: 'Sending...' })).toBe(button);
  expect(button.disabled).toBe(true);
  fireEvent.click(button);
  await vi.waitFor(() => expect(send).toHaveBeenCalled());
  answer('ok');
  expect(await screen.findByText('Sent')).toBeTruthy();
  expect(send).toHaveBeenCalledTimes(1);
  // Settled, it sends again.
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(false);
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
});

it('without it, the second tap of a double tap sends again (what it is for)', async () => {
  const { send } = renderSend(false);
  const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Send' });
  fireEvent.click(button);
  expect(button.disabled).toBe(false);
  fireEvent.click(button);
  await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2));
});
