// The account's personal API tokens (docs/decisions/0030) as rows of Settings' one list, 'Where you
// are signed in' (docs/decisions/0038): name, what it may do, when it was made and last used, Revoke.
// Like every kind in that list, it renders list items only and says what it removed through
// `onRemoved`; the page puts the kinds together.
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import type { ApiTokenSummary, TokenScope } from '#common/api-tokens.ts';
import { AlertDialog, AlertDialogContent, AlertDialogTrigger } from '#app/components/ui/alert-dialog.tsx';
import { Button, buttonClass } from '#app/components/ui/button.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useOnline } from '#app/hooks/use-online.ts';
import { usePaused } from '#app/hooks/use-paused.ts';
import { ApiError, errorMessage } from '#app/lib/api-client.ts';
import { formatDate } from '#app/lib/format.ts';
import { forgetToken, useApiTokens, useRevokeToken } from '#app/features/tokens/api/tokens.ts';

const SCOPE_WORDS: Record<TokenScope, string> = {
  read: 'read the catalogue and your balance',
  try: 'try agents with your credits',
};

/** What a token may do, as a person says it: 'Can read the catalogue and your balance, and try agents with your credits'. */
export const scopesInWords = (scopes: readonly TokenScope[]): string => `Can ${scopes.map((scope) => SCOPE_WORDS[scope]).join(', and ')}`;

/** A row of the list and its button, as every kind in it has them (features/sessions' signed-in-browsers.tsx): a thumb's height (44 px), the row's width on a phone. */
const ROW = 'flex flex-wrap items-center gap-x-4 gap-y-3 p-4';
const ACTION = 'min-h-11 w-full shrink-0 disabled:opacity-50 sm:w-auto';

function TokenRow({ token, online, onRemoved }: { token: ApiTokenSummary; online: boolean; onRemoved: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mutation = useRevokeToken();
  const onConfirm = async () => {
    setError(null);
    try {
      // The row leaves the list as the answer arrives (the hook updates the cache), then this is said.
      await mutation.mutateAsync(token.id);
      onRemoved(`Token revoked: ${token.name}`);
    } catch (err) {
      setOpen(false);
      if (err instanceof ApiError && err.status === 404) {
        // Already gone (revoked elsewhere, or with every other credential): nothing to keep on screen.
        await forgetToken(queryClient, token.id);
        onRemoved(err.message);
        return;
      }
      setError(errorMessage(err, 'The token could not be revoked. Please try again.'));
    }
  };
  return (
    <li className={ROW}>
      <div className="flex min-w-0 flex-1 basis-56 items-start gap-3">
        <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" />
        <div className="min-w-0">
          <p className="font-medium wrap-anywhere">{token.name}</p>
          <p className="text-sm text-slate-600">API token. {scopesInWords(token.scopes)}.</p>
          <p className="text-sm text-slate-600">
            Created {formatDate(token.createdAt)} · {token.lastUsedAt ? `Last used ${formatDate(token.lastUsedAt)}` : 'Never used'}
          </p>
        </div>
      </div>
      <AlertDialog open={open} onOpenChange={(next) => !mutation.isPending && setOpen(next)}>
        <AlertDialogTrigger className={buttonClass('secondary', 'md', ACTION)} aria-label={`Revoke token ${token.name}`} disabled={!online}>
          Revoke
        </AlertDialogTrigger>
        <AlertDialogContent
          title={`Revoke '${token.name}'?`}
          description="Programs and assistants using this token stop working at once. It cannot be undone."
          confirmLabel="Revoke token"
          pendingLabel="Revoking..."
          pending={mutation.isPending}
          onConfirm={() => void onConfirm()}
        />
      </AlertDialog>
      {error && (
        <p role="alert" className="basis-full rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * The tokens' rows: a loading row, a row saying they could not be loaded (with Try again) or, offline
 * before they came, that they come back with the connection; no tokens is one quiet row.
 */
export function ApiTokenRows({ onRemoved }: { onRemoved: (message: string) => void }) {
  const query = useApiTokens();
  const online = useOnline();
  const paused = usePaused(query);
  if (query.isPending && paused) return <li className="p-4 text-sm text-slate-600">You are offline: your API tokens show when you are back online.</li>;
  if (query.isPending)
    return (
      <li className="p-4">
        <div role="status" aria-label="Loading your API tokens">
          <Skeleton className="h-12 rounded-lg" />
        </div>
      </li>
    );
  if (query.data === undefined)
    return (
      <li className={ROW}>
        <p role="alert" className="min-w-0 flex-1 basis-56 text-sm text-red-800">
          Your API tokens could not be loaded. {errorMessage(query.error, '')}
        </p>
        <Button variant="secondary" className={ACTION} aria-label="Try again to load your API tokens" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </li>
    );
  if (query.data.length === 0) return <li className="p-4 text-sm text-slate-600">No API tokens yet.</li>;
  return (
    <>
      {query.data.map((token) => (
        <TokenRow key={token.id} token={token} online={online} onRemoved={onRemoved} />
      ))}
    </>
  );
}
