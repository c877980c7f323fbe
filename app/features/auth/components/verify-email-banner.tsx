import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useBottomBar } from '#app/hooks/use-bottom-bar.ts';
import { BOTTOM_BAR } from '#app/lib/bottom-bars.ts';
import { toast, toastError } from '#app/hooks/use-toast.ts';
import { resendVerification } from '#app/features/auth/api/account.ts';
import { useSession } from '#app/features/auth/api/get-session.ts';

/**
 * Signed-in people whose address is not confirmed yet: they can do everything a customer can, and
 * resend the link. Not on the consent page (/authorize): a phone would have this bar over the way to
 * Allow, while an app waits for the answer.
 */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const [location] = useLocation();
  const [sending, setSending] = useState(false);
  const bar = useBottomBar();
  if (!user || user.emailVerified || location === '/authorize') return null;
  const resend = async () => {
    setSending(true);
    try {
      const { email } = await resendVerification();
      toast({ title: 'Confirmation email sent', description: `We sent a new link to ${email}.` });
    } catch (error) {
      toastError('Could not send the email', error, 'Please try again later.');
    } finally {
      setSending(false);
    }
  };
  return (
    <div
      ref={bar}
      {...BOTTOM_BAR}
      role="region"
      aria-label="Confirm your email address"
      className="border-t border-sky-200 bg-sky-50 px-4 py-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] text-sm text-sky-900"
    >
      <p className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1">
        <MailWarning aria-hidden className="size-4 shrink-0" />
        <span>
          Please confirm your email address: open the link we sent to{' '}
          <strong className="wrap-anywhere">{user.email}</strong>.
        </span>
        <button
          type="button"
          onClick={() => void resend()}
          disabled={sending}
          // 24 px tall at least, however short the banner's line (WCAG 2.5.8).
          className="inline-flex min-h-6 items-center font-semibold underline disabled:opacity-60"
        >
          {sending ? 'Sending...' : 'Resend'}
        </button>
      </p>
    </div>
  );
}
