// Wire calls to the external agents provider (docs/product.md#provider). Every failure becomes an HttpError with a
// message safe to show, so a provider outage never crashes a route.
import type { Bindings, ProviderTokens } from '#worker/env.ts';
import { HttpError } from '#worker/lib/http.ts';
import { log } from '#worker/lib/log.ts';
import { isRecord, readTokens } from '#worker/lib/provider-tokens.ts';

export type { ProviderTokens };

export interface ProviderConfig {
  base: string;
  product: string;
  loginPath: string;
  countUsagePath: string;
}

/** Provider mode is on only when both the base URL and the product are set; null otherwise. */
export function providerConfig(env: Bindings): ProviderConfig | null {
  const base = env.PROVIDER_BASE_URL?.trim();
  const product = env.PROVIDER_PRODUCT?.trim();
  if (!base || !product) return null;
  const path = (value: string | undefined, fallback: string) => {
    const p = value?.trim() || fallback;
    return p.startsWith('/') ? p : `/${p}`;
  };
  return {
    base: base.replace(/\/+$/, ''),
    product: product.replace(/^\/+|\/+$/g, ''),
    loginPath: path(env.PROVIDER_LOGIN_PATH, '/user/login'),
    countUsagePath: path(env.PROVIDER_COUNT_USAGE_PATH, '/agent/countUsage'),
  };
}

export const externalApiError = (status: number) => new HttpError(502, `External API error: ${status}`);

/** Slow providers must not hold a request forever. */
const TIMEOUT_MS = 10_000;

export interface ProviderAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * POSTs JSON and reads a JSON answer. An unreachable provider (network error, timeout) reads as
 * status 503; a body that is not JSON reads as null.
 */
export async function postJson(url: string, body: unknown, token?: string): Promise<ProviderAnswer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (token) headers['Authorization'] = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    log('warn', 'provider unreachable', { url, error: err });
    return { status: 503, ok: false, body: null };
  }
  const text = await res.text().catch(() => '');
  return { status: res.status, ok: res.ok, body: parseJson(text) };
}

/** POST {base}/{product}/listAll {} -> the raw records in `message`. */
export async function fetchListing(config: ProviderConfig): Promise<unknown[]> {
  const answer = await postJson(`${config.base}/${config.product}/listAll`, {});
  if (!answer.ok) throw externalApiError(answer.status);
  const message = isRecord(answer.body) ? answer.body['message'] : undefined;
  // A 200 without a list is as unusable as an error; report it as a bad gateway.
  if (!Array.isArray(message)) throw externalApiError(502);
  return message;
}

export type LoginOutcome = { kind: 'ok'; tokens: ProviderTokens } | { kind: 'refused' } | { kind: 'bad-format' };

/**
 * POST {base}{loginPath} {email, password}. A 4xx is a refusal; a 5xx or an unreachable provider
 * is the provider's fault and surfaces as 502 'External API error: {status}'.
 */
export async function providerLogin(config: ProviderConfig, email: string, password: string): Promise<LoginOutcome> {
  const answer = await postJson(`${config.base}${config.loginPath}`, { email, password });
  if (!answer.ok) {
    if (answer.status >= 400 && answer.status < 500) return { kind: 'refused' };
    throw externalApiError(answer.status);
  }
  const tokens = readTokens(answer.body);
  return tokens ? { kind: 'ok', tokens } : { kind: 'bad-format' };
}

/** POST {base}{countUsagePath}; non-OK -> 502 'CountUsage API failed: {status}'. */
export async function countUsage(
  config: ProviderConfig,
  tokens: ProviderTokens,
  hoaAgentId: string | number,
): Promise<void> {
  const answer = await postJson(
    `${config.base}${config.countUsagePath}`,
    { bizid: tokens.b_i, user_id: tokens.u_i, hoa_ag_id: hoaAgentId, customer_id: tokens.b_cb_id },
    tokens.b_k,
  );
  if (!answer.ok) throw new HttpError(502, `CountUsage API failed: ${answer.status}`);
}

const toNumber = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** POST {base}/agent/usage/summary {bizid}: balance from message.balance or balance. */
export async function usageSummary(
  config: ProviderConfig,
  tokens: ProviderTokens,
): Promise<{ balance: number; consumed: number }> {
  const answer = await postJson(`${config.base}/agent/usage/summary`, { bizid: tokens.b_i }, tokens.b_k);
  if (!answer.ok) throw externalApiError(answer.status);
  const body = isRecord(answer.body) ? answer.body : {};
  const message = isRecord(body['message']) ? body['message'] : {};
  const balance = toNumber(message['balance']) ?? toNumber(body['balance']);
  if (balance === null) throw externalApiError(502);
  // docs/product.md#provider names only the balance; consumed is read when the provider sends it.
  const consumed = toNumber(message['consumed']) ?? toNumber(body['consumed']) ?? 0;
  return { balance, consumed };
}
