// Credits in provider mode (docs/product.md#provider): the provider counts usage and keeps the balance; our ledger
// is not touched for its agents.
import type { Context } from 'hono';
import type { Agent, Balance, TryResult } from '#common/types.ts';
import { MESSAGES } from '#common/validation.ts';
import type { AppEnv } from '#worker/env.ts';
import { HttpError } from '#worker/lib/http.ts';
import { countUsage, providerConfig, usageSummary } from './client';

/** The provider's balance for a session holding provider tokens; null otherwise (use the ledger). */
export async function providerBalance(c: Context<AppEnv>): Promise<Balance | null> {
  const config = providerConfig(c.env);
  const tokens = c.var.providerSession;
  if (!config || !tokens) return null;
  return usageSummary(config, tokens);
}

/**
 * Tries a provider agent: countUsage with the session's tokens (skipped when `step` says this key
 * was counted already), then the usage summary. Throws
 * 401 missingTokens without tokens and 502 'CountUsage API failed: {status}' on refusal.
 */
export async function tryAtProvider(
  c: Context<AppEnv>,
  agent: Agent,
  step: { applied: boolean; markApplied: () => Promise<void> } = { applied: false, markApplied: async () => {} },
): Promise<TryResult> {
  const config = providerConfig(c.env);
  const tokens = c.var.providerSession;
  if (!config || !tokens) throw new HttpError(401, MESSAGES.missingTokens);
  // The provider counts every call and knows no keys: a repeat of a counted try only reads the summary.
  if (!step.applied) {
    await countUsage(config, tokens, agent.hoaId ?? agent.id);
    await step.markApplied();
  }
  const { balance, consumed } = await usageSummary(config, tokens);
  return { balance, consumed, url: agent.externalUrl };
}
