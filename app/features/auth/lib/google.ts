/**
 * The worker starts the OpenID Connect flow; Internal mode asks for a staff account, and `next` (a
 * path safeNextPath accepted) is where the worker's callback returns the person.
 */
export const googleLoginUrl = (internal: boolean, next: string | null = null): string => {
  const query = new URLSearchParams({
    ...(internal ? { isInternalLogin: 'true' } : {}),
    ...(next ? { next } : {}),
  }).toString();
  return `/api/auth/login/google${query ? `?${query}` : ''}`;
};

/** The TLD-style badge shown on the Internal toggle, e.g. '.cc' for example.cc. */
export const domainBadge = (domain: string): string => {
  const last = domain.split('.').filter(Boolean).pop();
  return last ? `.${last}` : '.cc';
};
