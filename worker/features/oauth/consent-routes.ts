// The consent page's API (docs/decisions/0042): the page at /authorize (the app's) sends the request it
// was opened with and gets what it must show; the person's decision comes back here. Session only
// (bearerAuth refuses tokens: worker/features/tokens/policy.ts), and same-origin like every write.
import { AuthorizationError, type AuthRequest } from '@cloudflare/workers-oauth-provider';
import { Hono, type Context } from 'hono';
import { DEFAULT_APP_SPEND_LIMIT, TOKEN_MESSAGES, TOKEN_SCOPES, type TokenScope } from '#common/api-tokens.ts';
import {
  CLIENT_NAME_MAX,
  consentBeginSchema,
  consentDecisionSchema,
  consentDoneSchema,
  consentRefusalSchema,
  consentSchema,
  OAUTH_MESSAGES,
} from '#common/oauth.ts';
import { appOrigin, type AppEnv } from '#worker/env.ts';
import { errorBody, fail } from '#worker/lib/http.ts';
import { sendMail } from '#worker/lib/mail.ts';
import { appConnectedMail } from '#worker/lib/oauth-mail.ts';
import { AUTHORIZE_PATH, fitsKey, oauthApi, type GrantProps } from '#worker/lib/oauth-server.ts';
import { json, route } from '#worker/lib/openapi.ts';
import { jsonBody } from '#worker/lib/validator.ts';
import { afterAnswer } from '#worker/lib/after-answer.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { revokeCredential } from '#worker/features/tokens/index.ts';
import { createConnection } from './connections';

/** The library's reason, as the end of our sentence: 'Invalid redirect URI.' → 'invalid redirect URI'. */
const reason = (description: string) =>
  description.replace(/\.$/, '').replace(/^([A-Z])(?=[a-z])/, (first) => first.toLowerCase());

/** A request the page cannot show: its message, and the way back to the app when the library says one is safe. */
function refused(c: Context<AppEnv>, err: AuthorizationError) {
  const body = errorBody(OAUTH_MESSAGES.invalidRequest(reason(err.description)));
  return c.json(err.redirectTo ? { ...body, redirectTo: err.redirectTo } : body, 400);
}

/** The cookies the library's consent helpers set (the handle's binding, and clearing it). */
function passCookies(c: Context<AppEnv>, headers: Headers) {
  // workers-types does not declare getSetCookie; the runtime has it.
  for (const cookie of (headers as unknown as { getSetCookie(): string[] }).getSetCookie())
    c.header('Set-Cookie', cookie, { append: true });
}

/** The scopes to offer ticked: those asked for that we have, both when the app asked for none of ours. */
const offered = (requested: string[]): TokenScope[] => {
  const ours = TOKEN_SCOPES.filter((scope) => requested.includes(scope));
  return ours.length > 0 ? ours : [...TOKEN_SCOPES];
};

export const consentRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post(
    '/consent/begin',
    route({
      tag: 'apps',
      summary: 'Start a consent page for an OAuth authorization request',
      description:
        'Checks the request the consent page (/authorize) was opened with: the app, its exact redirect URI, PKCE with S256 and the resource. Answers what the page must show and a handle for the decision, bound to this browser by a cookie; it works once, for ten minutes.',
      access: 'signed-in',
      responses: {
        200: json(consentSchema, 'What to show, and the handle'),
        400: json(consentRefusalSchema, 'Not a valid request; redirectTo when the app can safely be told'),
      },
    }),
    jsonBody(consentBeginSchema),
    async (c) => {
      const api = oauthApi(c.env);
      const cookie = c.req.header('Cookie');
      const { query } = c.req.valid('json');
      // Longer than any client id this server issues (and more than a KV key holds): no such app.
      if (!fitsKey(new URLSearchParams(query).get('client_id') ?? ''))
        return fail(c, 400, OAUTH_MESSAGES.invalidRequest('invalid client_id'));
      let request: AuthRequest;
      try {
        request = await api.parseAuthRequest(
          new Request(`${appOrigin(c.env)}${AUTHORIZE_PATH}${query}`, {
            headers: cookie ? { Cookie: cookie } : {},
          }),
        );
        // OAuth 2.1 and MCP want PKCE from every client; the library insists only for public ones.
        if (!request.codeChallenge) {
          const description = 'PKCE is required: send code_challenge with code_challenge_method S256';
          throw new AuthorizationError('invalid_request', {
            description,
            redirectUri: request.redirectUri,
            state: request.state || undefined,
            issuer: request.issuer,
          });
        }
      } catch (err) {
        if (err instanceof AuthorizationError) return refused(c, err);
        throw err;
      }
      const details = await api.describeConsent(request);
      const consent = await api.beginConsent(request);
      passCookies(c, consent.headers);
      c.header('Cache-Control', 'no-store');
      return c.json(
        {
          handle: consent.handle,
          client: {
            name: details.clientName.slice(0, CLIENT_NAME_MAX),
            clientId: details.clientId,
            domain: details.clientDomain ?? null,
            redirectHost: details.redirectHost,
            loopback: details.redirectIsLoopback,
          },
          scopes: offered(details.scope),
          spendLimit: DEFAULT_APP_SPEND_LIMIT,
        },
        200,
      );
    },
  )
  .post(
    '/consent',
    route({
      tag: 'apps',
      summary: 'Allow or deny the app on a consent page',
      description:
        'Allowing connects the app with the scopes and monthly spending limit chosen (the owner is mailed); denying tells the app access_denied. Either way the answer says where to send the browser: back to the app.',
      access: 'signed-in',
      responses: {
        200: json(consentDoneSchema, 'Where to send the browser'),
        400: json(consentRefusalSchema, `${OAUTH_MESSAGES.consentExpired} Or invalid input`),
      },
    }),
    jsonBody(consentDecisionSchema),
    async (c) => {
      const { handle, allow, scopes, spendLimit } = c.req.valid('json');
      const user = c.var.user!;
      const api = oauthApi(c.env);
      // Checked before the handle is used, so the page can correct the choice and send it again.
      if (allow && scopes.length === 0) return fail(c, 400, TOKEN_MESSAGES.scopesRequired);
      let approved: Awaited<ReturnType<typeof api.approveConsent>>;
      try {
        if (!allow) {
          const denied = await api.denyConsent(c.req.raw, handle);
          passCookies(c, denied.headers);
          return c.json({ redirectTo: denied.redirectTo }, 200);
        }
        approved = await api.approveConsent(c.req.raw, handle, { scope: scopes });
      } catch (err) {
        if (err instanceof AuthorizationError) return fail(c, 400, OAUTH_MESSAGES.consentExpired);
        throw err;
      }
      const { request } = approved;
      const client = await api.lookupClient(request.clientId);
      const name = (client?.clientName?.trim() || request.clientId).slice(0, CLIENT_NAME_MAX);
      const credentialId = await createConnection(c.env.DB, user.id, {
        name,
        clientId: request.clientId,
        scopes,
        spendLimit,
      });
      const props: GrantProps = { credentialId };
      let redirectTo: string;
      try {
        ({ redirectTo } = await api.completeAuthorization({
          request,
          userId: String(user.id),
          scope: scopes,
          props,
          metadata: props,
        }));
      } catch (err) {
        await revokeCredential(c.env.DB, user.id, 'app', credentialId);
        throw err;
      }
      passCookies(c, approved.headers);
      // The owner hears of every connection, so one made with a stolen session is noticed.
      const mail = appConnectedMail({
        to: user.email,
        username: user.username,
        appName: name,
        redirectHost: new URL(request.redirectUri).host || request.redirectUri,
        scopes,
        spendLimit,
        settingsLink: `${appOrigin(c.env)}/settings#settings-connected-apps`,
      });
      // After the answer where the runtime allows, so the answer does not wait for the mail API.
      await afterAnswer(c, sendMail(c.env, mail));
      return c.json({ redirectTo }, 200);
    },
  );
