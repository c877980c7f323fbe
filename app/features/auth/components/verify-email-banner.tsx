import { MailWarning } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../hooks/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { resendVerification } from '../api/account';
import { useSession } from '../api/get-session';

/** Signed-in people whose address is not confirmed yet: they can do everything a customer can, and resend the link. */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const [sending, setSending] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const shown = Boolean(user && !user.emailVerified);
  // Its height, for what else sticks to the bottom of the screen (an agent page's try bar) to sit above it.
  useEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--bottom-notice-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--bottom-notice-height');
    };
  }, [shown]);
  if (!user || user.emailVerified) return null;
  const resend = async () => {
    setSending(true);
    try {
      const { email } = await resendVerification();
      toast({ title: 'Confirmation email sent', description: `We sent a new link to ${email}.` });
    } catch (error) {
      toast({ title: 'Could not send the email', description: errorMessage(error, 'Please try again later.'), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };
  return (
    <div ref={ref} role="region" aria-label="Confirm your email address" className="sticky bottom-0 z-40 border-t border-sky-200 bg-sky-50 px-4 py-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] text-sm text-sky-900">
      <p className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1">
        <MailWarning aria-hidden className="size-4 shrink-0" />
        <span>
          Please confirm your email address: open the link we sent to <strong className="break-all">{user.email}</strong>.
        </span>
        <button type="button" onClick={() => void resend()} disabled={sending} className="font-semibold underline disabled:opacity-60">
          {sending ? 'Sending...' : 'Resend'}
        </button>
      </p>
    </div>
  );
}
