// The sign-in screen says why when an app asking to connect sent the person here (/authorize).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthScreen } from './auth-screen';

const LINE = 'Sign in to connect an app to your account.';

function openWith(next: string | null) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthScreen next={next} onSignedIn={() => undefined} />
    </QueryClientProvider>,
  );
}

describe('AuthScreen', () => {
  it('coming from the consent page, says signing in connects the app', () => {
    openWith('/authorize?response_type=code&client_id=c1');
    expect(screen.getByText(LINE)).toBeTruthy();
  });

  it('from anywhere else, says nothing of apps', () => {
    openWith('/settings');
    expect(screen.queryByText(LINE)).toBeNull();
    openWith(null);
    expect(screen.queryByText(LINE)).toBeNull();
  });
});
