// Vitest globalSetup (runs in Node, not workerd): a real OpenID provider stand-in on a loopback port
// for the Google sign-in tests. Tests steer one sign-in at a time through the standard `login_hint`
// parameter of the authorization request (a JSON scenario), so no side channel is needed.
import type { JWK } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import type { TestProject } from 'vitest/node';

export interface OidcScenario {
  /** Claims merged into the tokens the provider signs (email, aud, nonce, sub...). */
  claims?: Record<string, unknown>;
  /** Sign an ID token that expired an hour ago. */
  expired?: boolean;
  /** Answer the token request with invalid_grant. */
  tokenError?: boolean;
}

declare module 'vitest' {
  export interface ProvidedContext {
    oidcIssuer: string;
    /** The provider's private signing key, so tests can mint Google Identity Services credentials. */
    oidcSigningKey: JWK;
  }
}

export default async function setup(project: TestProject) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const scenarios = new Map<string, OidcScenario>();
  const { service } = server;

  service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: { query: Record<string, unknown> }) => {
    const code = redirect.url.searchParams.get('code');
    const hint = req.query['login_hint'];
    if (code && typeof hint === 'string') scenarios.set(code, JSON.parse(hint) as OidcScenario);
  });
  service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: { body: Record<string, unknown> }) => {
      const scenario = scenarios.get(String(req.body['code']));
      if (!scenario) return;
      Object.assign(token.payload, scenario.claims);
      if (scenario.expired) {
        const now = Math.floor(Date.now() / 1000);
        Object.assign(token.payload, { iat: now - 7200, nbf: now - 7200, exp: now - 3600 });
      }
    },
  );
  service.on(
    'beforeResponse',
    (response: { statusCode: number; body: unknown }, req: { body: Record<string, unknown> }) => {
      const code = String(req.body['code']);
      if (scenarios.get(code)?.tokenError) {
        response.statusCode = 400;
        response.body = { error: 'invalid_grant' };
      }
      scenarios.delete(code);
    },
  );

  await server.start(0, '127.0.0.1');
  // The library names loopback hosts "localhost"; workerd should dial the address it listens on.
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  project.provide('oidcIssuer', server.issuer.url);
  project.provide('oidcSigningKey', server.issuer.keys.toJSON(true)[0] as JWK);
  return async () => {
    await server.stop();
  };
}
