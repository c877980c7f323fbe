// The mail about a connected app (docs/decisions/0042), built like every other mail (./mail.ts,
// docs/decisions/0032), kept beside the OAuth server it is about.
import { oneLine } from './app-name';
import { actionMail, PRODUCT_NAME, type MailMessage } from './mail';

/**
 * To the owner when an app is connected to their account through OAuth: one connected with a stolen
 * session is noticed, and revoked from Settings, or with everything else by a password reset.
 */
export const appConnectedMail = (o: {
  to: string;
  username: string;
  appName: string;
  redirectHost: string;
  scopes: string[];
  spendLimit: number | null;
  settingsLink: string;
}): MailMessage =>
  actionMail(o.to, 'An app was connected to your account', {
    greeting: `Hi ${o.username},`,
    lead: `The app “${oneLine(o.appName)}” (signing in at ${o.redirectHost}) was connected to your ${PRODUCT_NAME} account. It can ${o.scopes.includes('try') ? `read the catalogue and your balance, and try agents with your credits (${o.spendLimit === null ? 'with no monthly limit' : `at most ${o.spendLimit} credits a month`})` : 'read the catalogue and your balance'}.`,
    action: 'See your connected apps',
    link: o.settingsLink,
    note: 'If you connected it, there is nothing more to do. If not, revoke it in Settings, then choose a new password with Forgot password: that ends every session, token and connected app of your account.',
  });
