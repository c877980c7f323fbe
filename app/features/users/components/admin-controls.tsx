import { ShieldCheck } from 'lucide-react';
import { GUARANTEED_MINIMUM_CREDITS } from '#common/constants.ts';
import { Button } from '#app/components/ui/button.tsx';
import { toast } from '#app/hooks/use-toast.ts';
import { useEnsureMinimumCredits } from '#app/features/users/api/ensure-minimum-credits.ts';

/** Shown to admins only; the server refuses everyone else (docs/product.md#roles). */
export function AdminControls({ onCreditsChanged }: { onCreditsChanged: () => void }) {
  const mutation = useEnsureMinimumCredits();
  return (
    <section aria-labelledby="admin-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-5">
      <h2 id="admin-heading" className="flex items-center gap-2 text-lg font-semibold text-amber-900">
        <ShieldCheck aria-hidden className="size-5" /> Admin Controls
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        Tops up every account below {GUARANTEED_MINIMUM_CREDITS} credits to exactly {GUARANTEED_MINIMUM_CREDITS}. Each
        top-up is written to that user's credit history.
      </p>
      <Button
        className="mt-4"
        disabled={mutation.isPending}
        onClick={() =>
          mutation.mutate(undefined, {
            onSuccess: ({ totalUpdated }) => {
              toast({
                title: 'Credits Updated',
                description: `Updated ${totalUpdated} users to ensure minimum of ${GUARANTEED_MINIMUM_CREDITS} credits.`,
              });
              onCreditsChanged();
            },
            onError: () =>
              toast({
                title: 'Update Failed',
                description: 'An error occurred while updating credits',
                variant: 'destructive',
              }),
          })
        }
      >
        {mutation.isPending ? 'Updating...' : `Ensure All Users Have ${GUARANTEED_MINIMUM_CREDITS} Credits`}
      </Button>
    </section>
  );
}
