// OpenID Connect relying-party helpers for Google sign-in (authorization code flow with PKCE, state
// and nonce; ID tokens verified against the issuer's published keys). Works with any conforming
// issuer so tests can point GOOGLE_ISSUER at a local stand-in.
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Bindings } from '#worker/env.ts';
import { base64Url, randomToken } from './crypto';
import { log } from './log';

export const DEFAULT_GOOGLE_ISSUER = 'https://accounts.google.com';
export const GOOGLE_SCOPE = 'openid email profile';
/** How long a started sign-in (state, nonce, verifier) stays usable. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
const DISCOVERY_TTL_MS = 5 * 60_000;
/** Upper bound on any call to the issuer, so an unreachable provider fails fast instead of hanging. */
const PROVIDER_TIMEOUT_MS = 8_000;

/** A failure whose message is safe to show the user (it ends up in the callback's `error`). */
export class OidcError extends Error {}

export const OIDC_MESSAGES = {
  notConfigured: 'Google sign-in is not configured',
  unreachable: 'Could not reach Google. Please try again later.',
  stateInvalid: 'Your sign-in attempt expired or was already used. Please try again.',
  invalidToken: 'Google sign-in could not be verified. Please try again.',
  exchangeFailed: 'Google did not accept the sign-in. Please try again.',
  emailMissing: 'Your Google account has no verified email address',
  noCredential: 'No Google credential provided',
  invalidCredential: 'Invalid Google credential',
} as const;

export interface OidcConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** The Google client settings, or null when sign-in with Google is off (no client id). */
export function oidcConfig(env: Bindings): OidcConfig | null {
  const clientId = env.GOOGLE_CLIENT_ID?.trim();
  if (!clientId) return null;
  return {
    clientId,
    clientSecret: env.GOOGLE_CLIENT_SECRET?.trim() ?? '',
    issuer: (env.GOOGLE_ISSUER?.trim() || DEFAULT_GOOGLE_ISSUER).replace(/\/+$/, ''),
  };
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

const discoveryCache = new Map<string, { doc: Discovery; expires: number }>();
const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

async function fetchJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch {
    throw new OidcError(OIDC_MESSAGES.unreachable);
  }
  const body: unknown = await res.json().catch(() => null);
  return { status: res.status, body };
}

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** {issuer}/.well-known/openid-configuration, kept in memory for a few minutes. */
export async function discover(issuer: string): Promise<Discovery> {
  const cached = discoveryCache.get(issuer);
  if (cached && cached.expires > Date.now()) return cached.doc;
  const { status, body } = await fetchJson(`${issuer}/.well-known/openid-configuration`, {
    headers: { Accept: 'application/json' },
  });
  const doc = body as Partial<Discovery> | null;
  if (
    status !== 200 ||
    !doc ||
    !isHttpUrl(doc.authorization_endpoint) ||
    !isHttpUrl(doc.token_endpoint) ||
    !isHttpUrl(doc.jwks_uri) ||
    // OIDC Discovery 4.3: the document must name the issuer it was fetched for.
    typeof doc.issuer !== 'string' ||
    doc.issuer.replace(/\/+$/, '') !== issuer
  ) {
    throw new OidcError(OIDC_MESSAGES.unreachable);
  }
  const clean: Discovery = {
    issuer: doc.issuer,
    authorization_endpoint: doc.authorization_endpoint,
    token_endpoint: doc.token_endpoint,
    jwks_uri: doc.jwks_uri,
    userinfo_endpoint: isHttpUrl(doc.userinfo_endpoint) ? doc.userinfo_endpoint : undefined,
  };
  discoveryCache.set(issuer, { doc: clean, expires: Date.now() + DISCOVERY_TTL_MS });
  return clean;
}

function jwksFor(uri: string) {
  let set = jwksCache.get(uri);
  if (!set) {
    set = createRemoteJWKSet(new URL(uri), { timeoutDuration: PROVIDER_TIMEOUT_MS });
    jwksCache.set(uri, set);
  }
  return set;
}

/** Google documents both spellings of its issuer in ID tokens. */
function acceptedIssuers(config: OidcConfig, doc: Discovery): string[] {
  const set = new Set([config.issuer, doc.issuer]);
  if (config.issuer === DEFAULT_GOOGLE_ISSUER) set.add('accounts.google.com');
  return [...set];
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  name?: string;
  picture?: string;
}

interface IdClaims extends JWTPayload {
  email?: unknown;
  email_verified?: unknown;
  nonce?: unknown;
  name?: unknown;
  picture?: unknown;
}

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/**
 * Verifies an ID token: signature against the issuer's JWKS, iss, aud = our client id, exp/nbf,
 * and (code flow) the nonce we sent. Returns the claims; throws OidcError otherwise.
 */
export async function verifyIdToken(config: OidcConfig, idToken: string, expectedNonce?: string): Promise<IdClaims> {
  const doc = await discover(config.issuer);
  let payload: IdClaims;
  try {
    ({ payload } = await jwtVerify<IdClaims>(idToken, jwksFor(doc.jwks_uri), {
      issuer: acceptedIssuers(config, doc),
      audience: config.clientId,
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 30,
    }));
  } catch (err) {
    // Anything that is not a JOSE verdict is the key fetch failing: the provider, not the token.
    if (err instanceof joseErrors.JWKSTimeout || !(err instanceof joseErrors.JOSEError)) {
      throw new OidcError(OIDC_MESSAGES.unreachable);
    }
    // The reason is for the operator's log only; the user gets one generic message.
    log('warn', 'google id token rejected', { reason: (err as { code?: string }).code ?? err });
    throw new OidcError(OIDC_MESSAGES.invalidToken);
  }
  // A token minted for someone else's sign-in attempt (or replayed) carries a different nonce.
  if (expectedNonce !== undefined && payload.nonce !== expectedNonce) throw new OidcError(OIDC_MESSAGES.invalidToken);
  // With several audiences the authorized party must be us (OIDC Core 3.1.3.7).
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== config.clientId) {
    throw new OidcError(OIDC_MESSAGES.invalidToken);
  }
  return payload;
}

/**
 * Email and profile from verified claims; a missing or unverified email is refused. Only a literal
 * `email_verified: true` counts (docs/product.md#roles): a missing claim is not Google vouching for it.
 */
export function identityFromClaims(claims: IdClaims): GoogleIdentity {
  const email = str(claims.email)?.toLowerCase();
  const verified = claims.email_verified === true;
  if (!claims.sub || !email || !verified || email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new OidcError(OIDC_MESSAGES.emailMissing);
  }
  const picture = str(claims.picture);
  return {
    sub: claims.sub,
    email,
    name: str(claims.name),
    picture: picture && isHttpUrl(picture) ? picture : undefined,
  };
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Builds the authorization URL with fresh state, nonce and an S256 PKCE challenge. */
export async function authorizationRequest(config: OidcConfig, redirectUri: string): Promise<AuthorizationRequest> {
  const doc = await discover(config.issuer);
  const state = randomToken();
  const nonce = randomToken();
  // 43 characters from the unreserved set, as RFC 7636 section 4.1 requires.
  const codeVerifier = randomToken(32);
  const challenge = base64Url(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier))),
  );
  const url = new URL(doc.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', GOOGLE_SCOPE);
  url.searchParams.set('state', state);
  url.searchParams.set('nonce', nonce);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return { url: url.toString(), state, nonce, codeVerifier };
}

/**
 * Exchanges an authorization code (client_secret_post plus the PKCE verifier), verifies the ID
 * token including the nonce, and returns who signed in. Falls back to the userinfo endpoint when
 * the ID token carries no email (some issuers only put it there).
 */
export async function exchangeCode(
  config: OidcConfig,
  params: { code: string; redirectUri: string; codeVerifier: string; nonce: string },
): Promise<GoogleIdentity> {
  const doc = await discover(config.issuer);
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: params.code,
    redirect_uri: params.redirectUri,
    code_verifier: params.codeVerifier,
    client_id: config.clientId,
  });
  if (config.clientSecret) form.set('client_secret', config.clientSecret);
  const { status, body } = await fetchJson(doc.token_endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: form.toString(),
  });
  const tokens = body as { id_token?: unknown; access_token?: unknown } | null;
  if (status !== 200 || !tokens || typeof tokens.id_token !== 'string')
    throw new OidcError(OIDC_MESSAGES.exchangeFailed);
  const claims = await verifyIdToken(config, tokens.id_token, params.nonce);
  if (claims.email === undefined && doc.userinfo_endpoint && typeof tokens.access_token === 'string') {
    const info = await fetchJson(doc.userinfo_endpoint, {
      headers: { Authorization: `Bearer ${tokens.access_token}`, Accept: 'application/json' },
    });
    const extra = info.body as IdClaims | null;
    // OIDC Core 5.3.2: userinfo is only about this user if its sub matches the ID token's.
    if (info.status === 200 && extra && extra.sub === claims.sub) {
      return identityFromClaims({ ...extra, ...stripUndefined(claims) });
    }
  }
  return identityFromClaims(claims);
}

const stripUndefined = (o: IdClaims): IdClaims =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** Verifies a Google Identity Services credential (an ID token without a nonce). */
export async function verifyCredential(config: OidcConfig, credential: string): Promise<GoogleIdentity> {
  return identityFromClaims(await verifyIdToken(config, credential));
}
