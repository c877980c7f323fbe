// What a sign-in error in the address bar may say (docs/decisions/0024). The worker's Google
// callback and /api/auth/login/google put a message in `?error=`; anyone can write any text there
// in a link, so the app shows only these fixed texts and 'Authentication failed' for anything else.
import { MESSAGES } from './validation';

export const AUTH_FAILED = 'Authentication failed';

/** Every text worker/features/auth/google-routes.ts and worker/lib/oidc.ts send back (kept in step by a test). */
export const KNOWN_SIGN_IN_ERRORS: readonly string[] = [
  'Google sign-in failed. Please try again.',
  'Google sign-in was cancelled',
  'Google sign-in is not configured',
  'Could not reach Google. Please try again later.',
  'Your sign-in attempt expired or was already used. Please try again.',
  'Google sign-in could not be verified. Please try again.',
  'Google did not accept the sign-in. Please try again.',
  'Your Google account has no verified email address',
  'No Google credential provided',
  'Invalid Google credential',
];

/** The internal-domain refusal names a domain; it is shown in fixed words, without the link's text. */
export const INTERNAL_SIGN_IN_REQUIRED = 'Internal sign-in requires your company email address';
const INTERNAL = new RegExp(
  `^${MESSAGES.internalEmail('DOMAIN')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('DOMAIN', '[a-z0-9.-]{1,253}')}$`,
  'i',
);

/** The message to show for an `error` query parameter: a known one as it is, anything else generic. */
export function signInErrorMessage(raw: string | null | undefined): string {
  if (!raw) return AUTH_FAILED;
  if (KNOWN_SIGN_IN_ERRORS.includes(raw)) return raw;
  return raw.length <= 300 && INTERNAL.test(raw) ? INTERNAL_SIGN_IN_REQUIRED : AUTH_FAILED;
}
