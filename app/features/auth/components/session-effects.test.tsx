import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { dismissToast, toast } from '../../../hooks/use-toast';
import { toastAcrossReload } from '../lib/flash';
import { SessionEffects } from './session-effects';

const mount = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionEffects />
      <Toaster />
    </QueryClientProvider>,
  );

describe('SessionEffects', () => {
  // The toast store is module-wide: start every test without the previous one's toast.
  beforeEach(async () => {
    act(() => dismissToast(toast({ title: 'reset' })));
    await new Promise((resolve) => setTimeout(resolve, 350));
  });

  afterEach(() => {
    window.history.replaceState(null, '', '/');
    sessionStorage.clear();
  });

  it('reports a Google sign-in error from the address and removes it', async () => {
    window.history.replaceState(null, '', '/auth?error=access_denied&keep=1');
    mount();
    expect(await screen.findByText('Authentication failed')).toBeTruthy();
    expect(screen.getByText('Error: access_denied. Please try again.')).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/auth?keep=1');
  });

  it('leaves the Google callback page its own error handling', () => {
    window.history.replaceState(null, '', '/auth/google/callback?error=x');
    mount();
    expect(screen.queryByText('Authentication failed')).toBeNull();
    expect(window.location.search).toBe('?error=x');
  });

  it('replays a toast left before a full reload, once', async () => {
    toastAcrossReload({ title: 'Registration successful', description: 'Your account has been created' });
    mount();
    expect(await screen.findByText('Your account has been created')).toBeTruthy();
    expect(sessionStorage.getItem('flash-toast')).toBeNull();
  });
});
