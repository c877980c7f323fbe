// The confirm-email bar: shown to a signed-in person whose address is not confirmed, except on the
// consent page (/authorize), where it would sit over the way to Allow on a phone.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { personOf, renderSignedIn } from '#app/test/signed-in.tsx';
import { VerifyEmailBanner } from './verify-email-banner';

const person = personOf({ emailVerified: false });

const openAt = (path: string) => renderSignedIn(<VerifyEmailBanner />, { user: person, path });

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
