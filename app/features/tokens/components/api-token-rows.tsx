// The account's personal API tokens (docs/decisions/0030) as rows of Settings' one list, 'Where you
// are signed in' (docs/decisions/0038): name, what it may do, when it was made and last used, what it
// spent this month against its limit (docs/decisions/0042), Change limit and Revoke.
// Like every kind in that list, it renders list items only and says what it removed through
// `onRemoved`; the page puts the kinds together.
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import type { ApiTokenSummary } from '#common/api-tokens.ts';
import { AccessRow, AccessRows, ConfirmAction, type AccessKindProps } from '#app/components/ui/access-row.tsx';
import { SpendLimitEditor } from '#app/components/ui/spend-limit-editor.tsx';
import { SpentThisMonth } from '#app/components/ui/spend-limit-field.tsx';
import { ApiError, errorMessage } from '#app/lib/api-client.ts';
import { formatDate } from '#app/lib/format.ts';
import { scopesInWords } from '#app/lib/scope-words.ts';
import { forgetToken, useApiTokens, useRevokeToken, useSetTokenLimit } from '#app/features/tokens/api/tokens.ts';

function TokenRow({ token, online, onRemoved }: AccessKindProps & { token: ApiTokenSummary; online: boolean }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mutation = useRevokeToken();
  const setLimit = useSetTokenLimit();
  const saveLimit = async (spendLimit: number | null) => {
    try {
      await setLimit.mutateAsync({ id: token.id, spendLimit });
      return true;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
      // Revoked meanwhile: the row goes, as after Revoke.
      await forgetToken(queryClient, token.id);
      onRemoved(err.message);
      return false;
    }
  };
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
  const action = (
    <>
      <SpendLimitEditor
        id={`token-${token.id}-limit`}
        name={token.name}
        limit={token.spendLimit}
        spent={token.spentThisMonth}
        online={online}
        onSave={saveLimit}
      />
      <ConfirmAction
        open={open}
        onOpenChange={setOpen}
        pending={mutation.isPending}
        online={online}
        label={`Revoke token ${token.name}`}
        question={{
          title: `Revoke '${token.name}'?`,
          description: 'Programs and assistants using this token stop working at once. It cannot be undone.',
          confirmLabel: 'Revoke token',
          pendingLabel: 'Revoking...',
        }}
        onConfirm={() => void onConfirm()}
      >
        Revoke
      </ConfirmAction>
    </>
  );
  return (
    <AccessRow
      icon={KeyRound}
      title={<span className="wrap-anywhere">{token.name}</span>}
      action={action}
      error={error}
    >
      {/* Its list holds browsers too: 'API token.' says what kind of row it is. */}
      <p className="text-sm text-slate-600">API token. {scopesInWords(token.scopes)}</p>
      <SpentThisMonth spent={token.spentThisMonth} limit={token.spendLimit} />
      <p className="text-sm text-slate-600">
        Created {formatDate(token.createdAt)} ·{' '}
        {token.lastUsedAt ? `Last used ${formatDate(token.lastUsedAt)}` : 'Never used'}
      </p>
    </AccessRow>
  );
}

/** The tokens' rows, or what stands for them until they come (AccessRows); no tokens is one quiet row. */
export function ApiTokenRows({ onRemoved }: AccessKindProps) {
  return (
    <AccessRows query={useApiTokens()} what="your API tokens">
      {(tokens, online) =>
        tokens.length === 0 ? (
          <li className="p-4 text-sm text-slate-600">No API tokens yet.</li>
        ) : (
          tokens.map((token) => <TokenRow key={token.id} token={token} online={online} onRemoved={onRemoved} />)
        )
      }
    </AccessRows>
  );
}
