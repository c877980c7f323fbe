import { fireEvent, render, screen } from '@testing-library/react';
import { Component, useState, type ReactNode } from 'react';
import { expect, it, vi } from 'vitest';
import { onDemand } from './use-on-demand';

const Panel = () => <p>Panel</p>;

function Opener({ source }: { source: ReturnType<typeof onDemand<{ default: typeof Panel }>> }) {
  const [open, setOpen] = useState(false);
  const panel = source.useModule(open);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {panel && <panel.default />}
    </>
  );
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

it('fetches nothing until wanted, then shows the module once it has loaded', async () => {
  const fetchModule = vi.fn(() => Promise.resolve({ default: Panel }));
  render(<Opener source={onDemand(fetchModule)} />);
  expect(fetchModule).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  expect((await screen.findByText('Panel')).tagName).toBe('P');
  expect(fetchModule).toHaveBeenCalledTimes(1);
});

it('shows a module loaded ahead in the very render that wants it, with no commit in between', async () => {
  const source = onDemand(() => Promise.resolve({ default: Panel }));
  await source.load();
  const { container } = render(<Opener source={source} />);
  // React.lazy would suspend here once and reveal the panel at least 300 ms later.
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  // fireEvent's act has flushed that render: the panel is there with no wait at all.
  expect(container.textContent).toContain('Panel');
});

it('throws a failed fetch to the error boundary, and fetches again when next wanted', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const fetchModule = vi
    .fn<() => Promise<{ default: typeof Panel }>>()
    .mockRejectedValueOnce(new Error('Failed to fetch the module'))
    .mockResolvedValue({ default: Panel });
  const source = onDemand(fetchModule);
  render(
    <Boundary>
      <Opener source={source} />
    </Boundary>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch the module');
  render(<Opener source={source} />);
  fireEvent.click(screen.getAllByRole('button', { name: 'Open' }).at(-1)!);
  expect((await screen.findByText('Panel')).tagName).toBe('P');
  expect(fetchModule).toHaveBeenCalledTimes(2);
});
