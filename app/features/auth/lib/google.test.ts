import { describe, expect, it } from 'vitest';
import { domainBadge, googleLoginUrl } from './google';

describe('google sign-in helpers', () => {
  it('asks for a staff account in Internal mode', () => {
    expect(googleLoginUrl(false)).toBe('/api/auth/login/google');
    expect(googleLoginUrl(true)).toBe('/api/auth/login/google?isInternalLogin=true');
  });

  it('marks Internal with the staff domain ending', () => {
    expect(domainBadge('example.cc')).toBe('.cc');
    expect(domainBadge('corp.acme.io')).toBe('.io');
  });
});
