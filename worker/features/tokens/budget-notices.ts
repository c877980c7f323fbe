// Budget notices (docs/decisions/0042): the owner of a token or connected app hears when its
// spending this UTC month reaches 80 % and 100 % of its limit, once per level and month.
import type { Context } from 'hono';
import { claimNotices, levelsReached, type Budget } from '#worker/domain/credits/index.ts';
import { appOrigin, type AppEnv } from '#worker/env.ts';
import { afterAnswer } from '#worker/lib/after-answer.ts';
import { budgetNoticeMail } from '#worker/lib/budget-mail.ts';
import { log } from '#worker/lib/log.ts';
import { sendMail } from '#worker/lib/mail.ts';

/** Where the owner changes the limit: the token's part of Settings, or where connected apps are listed. */
const settingsLink = (c: Context<AppEnv>, kind: Budget['kind']) =>
  `${appOrigin(c.env)}/settings#${kind === 'app' ? 'settings-connected-apps' : 'where-you-are-signed-in'}`;

/**
 * After a debit with a limited credential (or a try its limit refused, which counts as reaching it):
 * claims the levels reached this month and mails the owner about the highest one this call claimed.
 * The notice row is the 'once': concurrent tries past a level insert it once, so one mail goes out.
 * Runs after the response when the runtime allows; nothing here can fail the try.
 */
export async function noticeBudget(c: Context<AppEnv>, budget: Budget | null, refused = false): Promise<void> {
  if (!budget) return;
  const levels = levelsReached(budget, refused);
  if (levels.length === 0) return;
  const owner = c.var.user!;
  const running = (async () => {
    const claimed = await claimNotices(c.env.DB, budget.credentialId, levels);
    if (claimed.length === 0) return;
    await sendMail(
      c.env,
      budgetNoticeMail({
        to: owner.email,
        username: owner.username,
        kind: budget.kind,
        name: budget.name,
        limit: budget.limit!,
        spent: budget.spent,
        level: Math.max(...claimed),
        refused,
        settingsLink: settingsLink(c, budget.kind),
      }),
    );
  })().catch((error: unknown) =>
    // Keyed 'budgetId': log.ts redacts any field named like a credential.
    log('error', 'budget notice failed', { requestId: c.var.requestId, budgetId: budget.credentialId, error }),
  );
  await afterAnswer(c, running);
}
