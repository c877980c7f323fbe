import { FlaskConical } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '#app/components/ui/button.tsx';
import { toast, toastError } from '#app/hooks/use-toast.ts';
import { useConnectSandboxAccount } from '#app/features/earnings/api/payouts.ts';

const BACK = '/my-agents?tab=insights';

/**
 * The test-mode stand-in for Stripe Connect's onboarding (docs/decisions/0029, '## Payouts'): the
 * server has no Stripe keys, so this connects a pretend account whose payouts move no real money.
 */
export function SandboxOnboarding() {
  const [, navigate] = useLocation();
  const connect = useConnectSandboxAccount();
  const onConnect = () =>
    connect.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Test payout account connected', description: 'Your payouts go to this pretend account.' });
        navigate(`${BACK}&payouts=connected`);
      },
      onError: (error) => toastError('Nothing was connected', error),
    });

  return (
    <div className="overflow-hidden rounded-2xl border-2 border-amber-400 bg-white shadow-sm">
      <p className="flex items-center justify-center gap-2 bg-amber-400 px-4 py-2 text-sm font-bold uppercase tracking-wide text-slate-900">
        <FlaskConical aria-hidden className="size-4" /> Test mode: no real account is connected
      </p>
      <div className="grid gap-6 p-6 sm:p-8">
        <div>
          <h2 className="text-xl font-semibold">Payout account</h2>
          <p className="mt-1 text-sm text-slate-600">
            This server runs without Stripe keys, so this page stands in for Stripe&rsquo;s onboarding. Connecting here
            lets you try payouts: they take real earnings off your balance on this server, and no money is sent
            anywhere.
          </p>
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="lg" disabled={connect.isPending} onClick={() => navigate(BACK)}>
            Cancel
          </Button>
          <Button size="lg" disabled={connect.isPending} onClick={onConnect}>
            {connect.isPending ? 'Connecting...' : 'Connect test account'}
          </Button>
        </div>
      </div>
    </div>
  );
}
