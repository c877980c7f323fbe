import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '#app/hooks/use-toast.ts';
import { ReviewForm } from './review-form';

vi.mock('#app/hooks/use-toast.ts', () => ({ toast: vi.fn() }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(onSubmitted = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const { unmount } = render(
    <QueryClientProvider client={queryClient}>
      <ReviewForm agentId={3} userId={9} onSubmitted={onSubmitted} />
    </QueryClientProvider>,
  );
  return Object.assign(onSubmitted, { unmount });
}

afterEach(() => vi.unstubAllGlobals());

describe('ReviewForm', () => {
  it('sends the rating and comment, shows Submitting... and resets on success', async () => {
    let resolve!: (r: Response) => void;
    const fetchMock = vi.fn((url: string) =>
      url === '/api/ratings' ? new Promise<Response>((r) => (resolve = r)) : Promise.resolve(json(200, [])),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSubmitted = setup();

    expect((screen.getByRole('radio', { name: '5 stars' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    fireEvent.change(screen.getByLabelText(/Comment/), { target: { value: '  Handy  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/ratings') as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ agentId: 3, userId: 9, rating: 3, comment: 'Handy' });

    resolve(
      json(201, {
        id: 1,
        agentId: 3,
        userId: 9,
        rating: 3,
        comment: 'Handy',
        createdAt: '',
        user: { username: 'sam' },
      }),
    );
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect((screen.getByRole('radio', { name: '5 stars' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/Comment/) as HTMLTextAreaElement).value).toBe('');
  });

  it('sends one review for a double tap, and can send again once the first has failed', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/ratings' ? json(500, { message: 'Down', error: 'x' }) : json(200, []),
    );
    vi.stubGlobal('fetch', fetchMock);
    setup();
    const submit = screen.getByRole('button', { name: 'Submit Review' });
    // Both taps in the same task: the button is not disabled yet when the second arrives.
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Error' })));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/ratings')).toHaveLength(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/ratings')).toHaveLength(2));
  });

  it('reports a failure with the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { message: 'Rating must be a whole number from 1 to 5', error: 'x' })),
    );
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Error',
        description: 'Failed to submit review: Rating must be a whole number from 1 to 5',
        variant: 'destructive',
      }),
    );
  });

  it.each([
    [201, { id: 1, agentId: 3, userId: 9, rating: 5, createdAt: '' }, { title: 'Review submitted' }],
    [400, { message: 'Comment must be at most 2000 characters', error: 'x' }, { title: 'Error' }],
  ])(
    'answered (%i) after the form has gone, as another page opened, still says how it went',
    async (status, body, said) => {
      vi.mocked(toast).mockClear();
      let resolve!: (r: Response) => void;
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string) =>
          url === '/api/ratings' ? new Promise<Response>((r) => (resolve = r)) : Promise.resolve(json(200, [])),
        ),
      );
      const { unmount } = setup();
      fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
      await screen.findByRole('button', { name: 'Submitting...' });
      unmount();
      resolve(json(status, body));
      await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining(said)));
    },
  );
});
