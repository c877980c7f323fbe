// The confirm-email bar: shown to a signed-in person whose address is not confirmed, except on the
// consent page (/authorize), where it would sit over the way to Allow on a phone.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SessionUser } from '#common/types.ts';
import { sessionKeys } from '#app/lib/query-keys.ts';
import { VerifyEmailBanner } from './verify-email-banner';

const person: SessionUser = {
  id: 5,
  username: 'sam',
  email: 'sam@example.com',
  credits: 10,
  consumed: 0,
  role: 'user',
  profilePicture: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerified: false,
};

function openAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sessionKeys.session, person);
  const location = memoryLocation({ path });
  render(
    <Router hook={location.hook}>
      <QueryClientProvider client={client}>
        <VerifyEmailBanner />
      </QueryClientProvider>
    </Router>,
  );
}

describe('VerifyEmailBanner', () => {
  it('asks to confirm the address on the pages', () => {
    openAt('/settings');
    expect(screen.getByRole('region', { name: 'Confirm your email address' })).toBeTruthy();
  });

  it('is not on the consent page', () => {
    openAt('/authorize');
    expect(screen.queryByRole('region', { name: 'Confirm your email address' })).toBeNull();
  });
});
