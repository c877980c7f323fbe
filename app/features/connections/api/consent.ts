// The consent screen's two calls (docs/decisions/0042), in the person's session, through the typed
// client: `begin` reads the app's request (the /authorize page's query) and answers who asks, for
// what and where access goes; `decide` sends Allow or Deny and answers where to send the browser
// next (back to the app). Their schemas are common/oauth.ts.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ConsentDetails } from '#common/oauth.ts';
import { api, ApiError, unwrap } from '#app/lib/api-client.ts';
import { accessKeys } from '#app/lib/query-keys.ts';

export type { ConsentDetails };
/** POST /api/oauth/consent's body, as the route takes it. */
type ConsentDecision = Parameters<typeof api.oauth.consent.$post>[0]['json'];

/** A refused consent call: the server's message and, when it gave one, the way back to the app. */
class ConsentRefusal extends ApiError {
  constructor(
    error: ApiError,
    readonly redirectTo: string | null,
  ) {
    super(error.status, error.message);
  }
}

/** The typed client's answer as its body, or a ConsentRefusal carrying the refusal's `redirectTo`. */
async function answer<T>(res: { ok: boolean; clone(): Response }, read: () => Promise<T>): Promise<T> {
  const body: unknown = res.ok
    ? null
    : await res
        .clone()
        .json()
        .catch(() => null);
  const to = body !== null && typeof body === 'object' ? (body as { redirectTo?: unknown }).redirectTo : undefined;
  try {
    return await read();
  } catch (error) {
    throw error instanceof ApiError ? new ConsentRefusal(error, typeof to === 'string' && to ? to : null) : error;
  }
}

export const useConsentRequest = (query: string) =>
  useQuery({
    queryKey: accessKeys.consent(query),
    queryFn: async () => {
      const res = await api.oauth.consent.begin.$post({ json: { query } });
      return answer(res, () => unwrap(res));
    },
    // One request, read once: asking again would start another.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    meta: { persist: false },
  });

export const useDecideConsent = () =>
  useMutation({
    mutationFn: async (decision: ConsentDecision) => {
      const res = await api.oauth.consent.$post({ json: decision });
      return answer(res, () => unwrap(res));
    },
    // Never kept to be sent once back online: the app stops waiting for the answer long before.
    networkMode: 'always',
  });

/** Where a refusal says to send the person back to the app (a 400's `redirectTo`), if anywhere. */
export const refusalRedirect = (error: unknown): string | null =>
  error instanceof ConsentRefusal ? error.redirectTo : null;

/** A refusal because the person is no longer signed in here (signed out in another tab): sign in, then come back. */
export const signedOut = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/** A refusal that ends this request (400: expired, already used, not valid): asking again cannot help. */
export const endsRequest = (error: unknown): boolean => error instanceof ApiError && error.status === 400;

/**
 * Whether the browser may be sent to `to`: the server names the app's registered redirect, which may
 * be a web page, this computer or an app's own scheme (cursor://…), but a URL that runs as code or
 * opens local data never is one.
 */
export function isSafeRedirect(to: string): boolean {
  try {
    return !/^(javascript|data|vbscript|blob|file):$/i.test(new URL(to, window.location.href).protocol);
  } catch {
    return false;
  }
}
