// The listing-health notice (docs/decisions/0043): built like every other mail (worker/lib/mail.ts,
// docs/decisions/0032), sent by the hourly check (worker/features/listing-health) once per time an
// agent goes down.
import { oneLine } from './app-name';
import { actionMail, PRODUCT_NAME, type MailMessage } from './mail';

/** A check's time as people read it in a mail: '2026-11-25 06:17 UTC'. */
export const mailTime = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/**
 * To an agent's creator when the hourly check finds it down after it was up, slow or never checked:
 * which address was asked, what came back, since when, and where to fix it.
 */
export const agentDownMail = (o: {
  to: string;
  username: string;
  agentName: string;
  /** The address checked (the agent's external URL). */
  url: string;
  /** What the check saw, as a clause: 'no answer within 5 seconds', 'it answered with status 500'. */
  seen: string;
  /** When the agent was first found down (ISO). */
  since: string;
  editLink: string;
  consoleLink: string;
}): MailMessage => {
  const name = oneLine(o.agentName);
  return actionMail(o.to, `Your agent “${name}” is not responding`, {
    greeting: `Hi ${o.username},`,
    lead: `${PRODUCT_NAME}'s hourly check could not reach your agent “${name}” at ${o.url}: ${o.seen}. Since ${mailTime(o.since)}, its page and card say it is not responding, until a check gets an answer again.`,
    action: 'Edit the agent',
    link: o.editLink,
    note: `If the agent has moved, change its address in Edit Agent; the next hourly check asks the new one. You will not be mailed again while it stays down. All your agents and their health: ${o.consoleLink}`,
  });
};
