import { describe, expect, it } from 'vitest';
import { domainBadge, googleLoginUrl } from './google';

describe('google sign-in helpers', () => {
  it('asks for a staff account in Internal mode', () => {
    expect(googleLoginUrl(false)).toBe('/api/auth/login/google');
    expect(googleLoginUrl(true)).toBe('/api/auth/login/google?isInternalLogin=true');
    expect(googleLoginUrl(false, '/agents/7?tab=reviews')).toBe(
      '/api/auth/login/google?next=%2Fagents%2F7%3Ftab%3Dreviews',
    );
    expect(googleLoginUrl(true, '/credits')).toBe('/api/auth/login/google?isInternalLogin=true&next=%2Fcredits');
  });

  it('marks Internal with the staff domain ending', () => {
    expect(domainBadge('example.cc')).toBe('.cc');
    expect(domainBadge('corp.acme.io')).toBe('.io');
  });
});
