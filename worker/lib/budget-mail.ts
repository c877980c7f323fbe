// The budget notice (docs/decisions/0042): built like every other mail (worker/lib/mail.ts, docs/decisions/0032),
// kept apart because it is the only one about money a program spends.
import { oneLine } from './app-name';
import { actionMail, PRODUCT_NAME, type MailMessage } from './mail';

const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

/**
 * To a credential's owner when its spending this UTC month reaches `level` per cent of its monthly
 * limit (80, then 100), or a try was refused because it would have passed the limit: which token or
 * app, the limit, what it spent, and where to change it.
 */
export const budgetNoticeMail = (o: {
  to: string;
  username: string;
  kind: 'token' | 'app';
  name: string;
  limit: number;
  spent: number;
  level: number;
  /** A try was refused by the limit (nothing was charged for it). */
  refused: boolean;
  settingsLink: string;
}): MailMessage => {
  // One line however the name was written: it goes into the subject too.
  const what = `${o.kind === 'app' ? 'connected app' : 'API token'} “${oneLine(o.name)}”`;
  const figures = `${credits(o.spent)} of its ${credits(o.limit)} spent this month`;
  const reached = o.level >= 100;
  const lead = !reached
    ? `Your ${what} has used ${o.level}% of its monthly spending limit: ${figures}.`
    : o.refused
      ? `A try with your ${what} was refused because it would have passed its monthly spending limit (${figures}). Nothing was charged for it.`
      : `Your ${what} has reached its monthly spending limit: ${figures}.`;
  return actionMail(
    o.to,
    reached
      ? `Your ${what} reached its monthly spending limit`
      : `Your ${what} used ${o.level}% of its monthly spending limit`,
    {
      greeting: `Hi ${o.username},`,
      lead,
      action: 'Change the limit in Settings',
      link: o.settingsLink,
      note: `Tries that would pass the limit are refused, and nothing is charged for them, until the month ends (UTC) or you raise the limit. You can raise, lower or remove it in Settings on ${PRODUCT_NAME}; if you did not expect this spending, revoke the ${o.kind === 'app' ? 'app' : 'token'} there.`,
    },
  );
};
