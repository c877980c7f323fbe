import { describe, expect, it } from 'vitest';
import { AUTH_FAILED, INTERNAL_SIGN_IN_REQUIRED, KNOWN_SIGN_IN_ERRORS, signInErrorMessage } from './auth-errors';
import { MESSAGES } from './validation';

describe('sign-in errors from the address bar', () => {
  it('shows a known message as it is and any other text as the generic failure', () => {
    for (const known of KNOWN_SIGN_IN_ERRORS) expect(signInErrorMessage(known)).toBe(known);
    for (const text of ['access_denied', 'Your account is locked. Call +1-555-0100', '<img src=x>', '', null])
      expect(signInErrorMessage(text)).toBe(AUTH_FAILED);
  });

  it("the internal-domain refusal is shown in fixed words, never with the link's domain", () => {
    expect(signInErrorMessage(MESSAGES.internalEmail('example.cc'))).toBe(INTERNAL_SIGN_IN_REQUIRED);
    expect(signInErrorMessage(MESSAGES.internalEmail('pay now at evil.example'))).toBe(AUTH_FAILED);
  });
});
