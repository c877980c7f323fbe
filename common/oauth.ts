// Connecting an assistant through OAuth (docs/decisions/0042): the consent page's requests and
// answers, and the messages people and programs see. The page (app route /authorize) and the worker's
// routes (worker/features/oauth) both use these schemas, so the rule exists once.
import * as v from 'valibot';
import { apiErrorSchema } from './api-schemas';
import { DEFAULT_APP_SPEND_LIMIT, spendLimitSchema, TOKEN_MESSAGES, TOKEN_SCOPES } from './api-tokens';

/** The longest /authorize query the consent page may send back: far more than any real request. */
export const CONSENT_QUERY_MAX = 4096;
/** A client's name as shown and stored, at most this long (clients choose their own names). */
export const CLIENT_NAME_MAX = 100;
/** The largest registration (RFC 7591) body read: a real one is well under 1 KB. */
export const REGISTRATION_BODY_MAX = 4096;

export const OAUTH_MESSAGES = {
  /** A request the page cannot show: no client, an unregistered redirect URI, a bad PKCE challenge… */
  invalidRequest: (why: string) => `This connection request is not valid: ${why}`,
  queryMissing: 'Send the connection request’s query, as the consent page received it',
  consentExpired: 'This consent page expired or was already used. Start connecting again from your assistant.',
  decisionMissing: 'Say whether to allow the connection',
  notFound: 'Connected app not found',
  /** /mcp: an OAuth access token that is unknown, expired or whose connection was revoked. */
  accessInvalid:
    'This access token is not valid: it expired or the connection was revoked. Refresh it or connect again.',
  /** The token endpoint: a refresh token presented again after it was rotated (the grant ends). */
  refreshReused: 'This refresh token was already used, so the connection was ended to be safe. Connect again.',
  /** The token endpoint: the person revoked the connection (Settings, or a password reset). */
  connectionEnded: 'This connection was revoked. Connect again from your assistant.',
  /** Dynamic client registration: a redirect URI that could send the code over plain HTTP. */
  redirectUriInsecure: 'Redirect URIs must use https, or http on this computer only (localhost, 127.0.0.1 or [::1])',
  registrationsThrottled: 'Too many app registrations from this address; try again in an hour',
  /** The token endpoint: a client id, code or token longer than any this server issues. */
  tooLong: 'A client id, code or token here is longer than any this server issues',
  /** Dynamic client registration: a body over REGISTRATION_BODY_MAX. */
  registrationTooLarge: `The registration is too large: at most ${REGISTRATION_BODY_MAX / 1024} KB`,
  /** Dynamic client registration: the reasons a client_name is refused (docs/decisions/0042). */
  clientNameTooLong: `client_name must be at most ${CLIENT_NAME_MAX} characters`,
  clientNameControl: 'client_name must not contain line breaks, control or invisible formatting characters',
  clientNameLink: 'client_name must not contain a web address or a domain name',
  clientNameReserved: 'client_name must not read as AgentMarket: an app may not use this site’s name',
} as const;

/** POST /api/oauth/consent/begin: the query string the /authorize page was opened with, '?' included. */
export const consentBeginSchema = v.object({
  query: v.pipe(
    v.string(OAUTH_MESSAGES.queryMissing),
    v.startsWith('?', OAUTH_MESSAGES.queryMissing),
    v.minLength(2, OAUTH_MESSAGES.queryMissing),
    v.maxLength(CONSENT_QUERY_MAX, OAUTH_MESSAGES.invalidRequest('it is too long')),
  ),
});

/** What the consent page must show (MCP security best practices): who asks, where access goes, for what. */
export const consentSchema = v.object({
  handle: v.pipe(v.string(), v.description('Send it back with the decision; it works once, in this browser')),
  client: v.object({
    name: v.pipe(v.string(), v.description('The name the app registered with: its own claim, not verified')),
    clientId: v.string(),
    domain: v.pipe(
      v.nullable(v.string()),
      v.description(
        'The verified domain of an app whose client id is a URL it controls; null when it registered itself',
      ),
    ),
    redirectHost: v.pipe(v.string(), v.description('Where the access will be sent: show it')),
    loopback: v.pipe(
      v.boolean(),
      v.description('Access goes to a program on this computer: any local program could be listening'),
    ),
  }),
  scopes: v.pipe(
    v.array(v.picklist(TOKEN_SCOPES)),
    v.description('The scopes to offer ticked: those the app asked for, or both when it asked for none of ours'),
  ),
  spendLimit: v.pipe(
    v.number(),
    v.integer(),
    v.description('The monthly spending limit to offer, in credits (the person may change it or choose none)'),
  ),
});
export type ConsentDetails = v.InferOutput<typeof consentSchema>;

/** A refused request: the message to show and, when it is safe, where to send the browser back to the app. */
export const consentRefusalSchema = v.object({
  ...apiErrorSchema.entries,
  redirectTo: v.optional(
    v.pipe(v.string(), v.description("The app's redirect URI with the OAuth error: send the browser there")),
  ),
});

/** POST /api/oauth/consent: the person's decision. `scopes` and `spendLimit` matter only when allowing. */
export const consentDecisionSchema = v.object({
  handle: v.pipe(
    v.string(OAUTH_MESSAGES.consentExpired),
    v.minLength(1, OAUTH_MESSAGES.consentExpired),
    v.maxLength(200, OAUTH_MESSAGES.consentExpired),
  ),
  allow: v.boolean(OAUTH_MESSAGES.decisionMissing),
  scopes: v.optional(
    v.pipe(
      v.array(v.picklist(TOKEN_SCOPES, TOKEN_MESSAGES.scopeUnknown), TOKEN_MESSAGES.scopesRequired),
      // Stored in one order without repeats, whatever order the page sent.
      v.transform((scopes) => TOKEN_SCOPES.filter((s) => scopes.includes(s))),
    ),
    [],
  ),
  spendLimit: v.optional(spendLimitSchema, DEFAULT_APP_SPEND_LIMIT),
});

/** Where the browser goes after the decision: the app's redirect URI, with the code or access_denied. */
export const consentDoneSchema = v.object({
  redirectTo: v.pipe(v.string(), v.description("The app's redirect URI: send the browser there")),
});
