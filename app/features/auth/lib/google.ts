/** The worker starts the OpenID Connect flow; Internal mode asks for a staff account. */
export const googleLoginUrl = (internal: boolean): string => `/api/auth/login/google${internal ? '?isInternalLogin=true' : ''}`;

/** The TLD-style badge shown on the Internal toggle, e.g. '.cc' for example.cc. */
export const domainBadge = (domain: string): string => {
  const last = domain.split('.').filter(Boolean).pop();
  return last ? `.${last}` : '.cc';
};
