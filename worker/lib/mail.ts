// The one mail module (docs/decisions/0032): every message the product
// sends is built here and goes out through an HTTP email API with Resend's shape
// (POST {MAIL_API_URL}/emails, Bearer MAIL_API_KEY). Locally that API is scripts/mail-catcher.mjs.
import { safeNextPath } from '#common/next-path.ts';
import type { Bindings } from '#worker/env.ts';

export const PRODUCT_NAME = 'AgentMarket';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * Sends one message; true when the API accepted it. A failure is logged and reported as false, never
 * thrown: the caller's own work (an account, a token) stands and the person can ask for a new link.
 */
export async function sendMail(env: Bindings, message: MailMessage): Promise<boolean> {
  const base = env.MAIL_API_URL?.trim().replace(/\/+$/, '');
  if (!base || !env.MAIL_FROM) {
    console.error('mail not sent: MAIL_API_URL and MAIL_FROM are not configured', { subject: message.subject });
    return false;
  }
  try {
    const res = await fetch(`${base}/emails`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(env.MAIL_API_KEY ? { Authorization: `Bearer ${env.MAIL_API_KEY}` } : {}),
      },
      body: JSON.stringify({
        from: env.MAIL_FROM,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
      }),
    });
    if (!res.ok) {
      console.error('mail not sent: the email API answered', res.status, await res.text().catch(() => ''));
      return false;
    }
    return true;
  } catch (err) {
    console.error('mail not sent: the email API is unreachable', err);
    return false;
  }
}

/** A message with at most one call to action: the same words in the text and the HTML part. */
export function actionMail(
  to: string,
  subject: string,
  o: { greeting: string; lead: string; action?: string; link?: string; note: string },
): MailMessage {
  const button = o.action && o.link ? { label: o.action, link: o.link } : null;
  const text = `${o.greeting}\n\n${o.lead}\n\n${button ? `${button.label}: ${button.link}\n\n` : ''}${o.note}\n\n— ${PRODUCT_NAME}\n`;
  const buttonHtml = button
    ? `<p><a href="${escapeHtml(button.link)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(button.label)}</a></p>
<p style="font-size:14px;color:#475569">Or paste this link into your browser: <a href="${escapeHtml(button.link)}">${escapeHtml(button.link)}</a></p>
`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:700;font-size:18px;margin:0 0 16px">${PRODUCT_NAME}</p>
<p>${escapeHtml(o.greeting)}</p>
<p>${escapeHtml(o.lead)}</p>
${buttonHtml}<p style="font-size:14px;color:#475569">${escapeHtml(o.note)}</p>
</body></html>
`;
  return { to, subject, text, html };
}

/**
 * The absolute link to an app page with a token (docs/decisions/0032), and where that page continues
 * to once done: `next`, when it is a path of this site (common/next-path.ts), else nothing.
 */
export function tokenLink(
  origin: string,
  path: '/verify-email' | '/reset-password' | '/undo-email-change',
  token: string,
  next?: string | null,
): string {
  const params = new URLSearchParams({ token });
  const then = safeNextPath(next);
  if (then && then !== '/') params.set('next', then);
  return `${origin}${path}?${params}`;
}

export const verifyEmailMail = (o: { to: string; username: string; link: string; change: boolean }): MailMessage =>
  actionMail(o.to, `Confirm your email address for ${PRODUCT_NAME}`, {
    greeting: `Hi ${o.username},`,
    lead: o.change
      ? `You asked to use ${o.to} for your ${PRODUCT_NAME} account. It takes effect once you confirm it.`
      : `Welcome to ${PRODUCT_NAME}. Please confirm that ${o.to} is your email address.`,
    action: 'Confirm email address',
    link: o.link,
    note: `The link works once and expires in 24 hours. If you did not ask for this, you can ignore this email.`,
  });

export const resetPasswordMail = (o: { to: string; username: string; link: string }): MailMessage =>
  actionMail(o.to, `Reset your ${PRODUCT_NAME} password`, {
    greeting: `Hi ${o.username},`,
    lead: `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account.`,
    action: 'Choose a new password',
    link: o.link,
    note: 'The link works once and expires in 1 hour. Choosing a new password signs you out everywhere. If you did not ask for this, ignore this email: your password stays as it is.',
  });

/**
 * To the address an account just left (docs/decisions/0024): the change can be undone from here for
 * 7 days, which restores this address, sets a new password and signs every device out.
 */
export const emailChangedMail = (o: {
  to: string;
  username: string;
  newEmail: string;
  undoLink: string;
}): MailMessage =>
  actionMail(o.to, `Your ${PRODUCT_NAME} email address was changed`, {
    greeting: `Hi ${o.username},`,
    lead: `The email address of your ${PRODUCT_NAME} account was changed from ${o.to} to ${o.newEmail}. Mail about your account now goes to the new address.`,
    action: 'This was not me: restore my address',
    link: o.undoLink,
    note: `If you made this change, there is nothing more to do. If it was not you, open the link within 7 days: it puts ${o.to} back, lets you choose a new password and signs out every device.`,
  });

/**
 * To the owner of an address someone else asked to use (registration or an email change): the
 * asker is answered as if the address were free (no enumeration), and the owner learns of it here.
 */
export const addressInUseMail = (o: { to: string; username: string; resetLink: string }): MailMessage =>
  actionMail(o.to, `Someone tried to use your email address on ${PRODUCT_NAME}`, {
    greeting: `Hi ${o.username},`,
    lead: `Someone asked to use ${o.to} for another ${PRODUCT_NAME} account. It already belongs to your account, so nothing was changed.`,
    action: 'Forgot your password? Choose a new one',
    link: o.resetLink,
    note: 'If it was you, sign in to your existing account instead. If not, you can ignore this email: your account is unchanged.',
  });

/**
 * To the owner when a personal API token is made (docs/decisions/0038): a token made with a stolen
 * session is noticed, and revoked from Settings, or with everything else by a password reset.
 */
export const tokenCreatedMail = (o: {
  to: string;
  username: string;
  tokenName: string;
  scopes: string[];
  settingsLink: string;
}): MailMessage =>
  actionMail(o.to, 'A new API token was created for your account', {
    greeting: `Hi ${o.username},`,
    lead: `A new API token named “${o.tokenName}” was created for your ${PRODUCT_NAME} account. It can ${o.scopes.includes('try') ? 'read the catalogue and your balance, and try agents with your credits' : 'read the catalogue and your balance'}.`,
    action: 'See where you are signed in',
    link: o.settingsLink,
    note: 'If you made it, there is nothing more to do. If not, revoke it under Settings → Where you are signed in, then choose a new password with Forgot password: that ends every session and token of your account.',
  });
