import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppErrorBoundary, ExtrasErrorBoundary, PageErrorBoundary } from './page-error';

const LOAD_FAILURE = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/about-x.js');
let failWith: Error | null = null;
function Page() {
  if (failWith) throw failWith;
  return <h1>About</h1>;
}

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  const { unmount } = render(
    <Router hook={location.hook}>
      <header>AgentMarket</header>
      <PageErrorBoundary>
        <Page />
      </PageErrorBoundary>
    </Router>,
  );
  return { ...location, unmount };
}

beforeEach(() => {
  // React reports each caught error on the console; the message on the page is what is tested.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  failWith = null;
  sessionStorage.clear();
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
});

it('shows a page that throws as a message under the header, and tries it again on request', () => {
  failWith = new Error('Cannot read properties of undefined');
  renderAt('/about');
  expect(screen.getByText('AgentMarket')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  failWith = null;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(screen.getByRole('heading', { name: 'About' })).toBeTruthy();
});

it('renders the next address afresh', () => {
  failWith = new Error('boom');
  const location = renderAt('/about');
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  failWith = null;
  act(() => location.navigate('/blog'));
  expect(screen.getByRole('heading', { name: 'About' })).toBeTruthy();
});

it('loads a page whose code did not download again once by itself, then says it could not be loaded', () => {
  const reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, pathname: '/about', reload });
  failWith = LOAD_FAILURE;
  const { unmount } = renderAt('/about');
  // A release replaced the chunk: the whole page, of one version, is loaded again.
  expect(screen.getByRole('status', { name: 'Loading page' })).toBeTruthy();
  expect(reload).toHaveBeenCalledTimes(1);
  unmount();

  // After that reload the chunk still fails: a message, and Try again reloads on request only.
  renderAt('/about');
  expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
  expect(reload).toHaveBeenCalledTimes(1);
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(reload).toHaveBeenCalledTimes(2);
});

it('says the page could not be loaded, not loading forever, when storage refuses the reload mark', () => {
  const reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, pathname: '/about', reload });
  vi.spyOn(sessionStorage, 'setItem').mockImplementation(() => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  });
  failWith = LOAD_FAILURE;
  renderAt('/about');
  expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
  expect(reload).not.toHaveBeenCalled();
});

it('offline, points to the saved agents instead', () => {
  onlineManager.setOnline(false);
  failWith = LOAD_FAILURE;
  renderAt('/about');
  expect(screen.getByRole('heading', { name: 'You are offline' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Saved agents' }).getAttribute('href')).toBe('/saved');
});

it('keeps the page when only a browser extra fails, and shows a message when the layout itself does', () => {
  failWith = new Error('boom');
  render(
    <AppErrorBoundary>
      <p>The page</p>
      <ExtrasErrorBoundary>
        <Page />
      </ExtrasErrorBoundary>
    </AppErrorBoundary>,
  );
  expect(screen.getByText('The page')).toBeTruthy();
  render(
    <AppErrorBoundary>
      <Page />
    </AppErrorBoundary>,
  );
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
});

it('is announced as it replaces the page', () => {
  failWith = new Error('boom');
  renderAt('/about');
  expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
});
