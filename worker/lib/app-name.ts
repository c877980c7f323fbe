// The name an app registers with (RFC 7591 client_name, docs/decisions/0042): its own claim, shown on
// the consent page, in Settings and in the owner's mails, so it must not be able to pass for this
// site or for a message from it. The rules are deliberately simple, and refusals say which one.
import { CLIENT_NAME_MAX, OAUTH_MESSAGES } from '#common/oauth.ts';
import { skeleton } from './confusables';
import { PRODUCT_NAME } from './mail';

/**
 * Control and format characters (\p{C}: newlines, bidi overrides, zero-width characters, private use,
 * unassigned) and the line and paragraph separators: a name is one line that reads as it is stored.
 */
const INVISIBLE = /[\p{C}\p{Zl}\p{Zp}]/u;

/**
 * Text that reads as a place to go: a scheme ('://'), 'www.', or a domain-looking word (a letter or
 * digit, a dot, then two letters or more: 'example.com', 'verify.agentmarket.example'). Checked on
 * the NFKC form, where full-width letters and dots are plain ones, with the ideographic full stop as
 * a dot too (URL parsers read it as one). 'Node.js' is refused with them: a name is not a link.
 */
const LINK = /:\/\/|www[.\u3002]|[\p{L}\p{N}][.\u3002]\p{L}{2,}/u;

/** What is left of a skeleton to compare: letters and digits, without spaces, punctuation, symbols or marks. */
const letters = (text: string) => skeleton(text).replace(/[\p{Z}\p{P}\p{S}\p{M}\p{C}]/gu, '');

const RESERVED = letters(PRODUCT_NAME);

/**
 * Why `name` cannot be an app's name, or null when it can: too long, an invisible or line-breaking
 * character, a link, or the site's own name anywhere in it, compared as usernames are (NFKC, case,
 * UTS #39 confusables skeleton: worker/lib/confusables.ts), so 'Agent Market' and a Cyrillic
 * 'Аgеnt Mаrkеt' count too.
 */
export function appNameRefusal(name: string): string | null {
  if (name.length > CLIENT_NAME_MAX) return OAUTH_MESSAGES.clientNameTooLong;
  if (INVISIBLE.test(name)) return OAUTH_MESSAGES.clientNameControl;
  if (LINK.test(name.normalize('NFKC').toLowerCase())) return OAUTH_MESSAGES.clientNameLink;
  if (letters(name).includes(RESERVED)) return OAUTH_MESSAGES.clientNameReserved;
  return null;
}

/** A name as one line of a mail or its subject: every run of whitespace one space. */
export const oneLine = (name: string): string => name.replace(/\s+/g, ' ').trim();
