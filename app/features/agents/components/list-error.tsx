import { RefreshCw } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { errorMessage } from '#app/lib/api-client.ts';

/** A listing that failed with nothing saved to show: what went wrong and a way to try again. */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-8 text-center">
      <p className="font-semibold text-red-800">Agents could not be loaded.</p>
      <p className="mt-1 text-sm text-red-700">{errorMessage(error, 'Please try again.')}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        <RefreshCw aria-hidden className="size-4" /> Try again
      </Button>
    </div>
  );
}
