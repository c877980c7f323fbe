// A credential's row in Settings (docs/decisions/0042): a personal API token in 'Where you are signed
// in' or an app in 'Connected apps'. Both are api_tokens rows and read alike: what it may do, what it
// spent this month against its limit, when it came and was last used, Change limit and Revoke. The
// feature gives its words and its requests; the row keeps what happens on screen the same for both.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import type { ApiTokenSummary } from '#common/api-tokens.ts';
import { ApiError, errorMessage } from '#app/lib/api-client.ts';
import { formatDate } from '#app/lib/format.ts';
import { scopesInWords } from '#app/lib/scope-words.ts';
import { AccessRow, ConfirmAction, type AccessKindProps } from './access-row';
import { SpendLimitEditor } from './spend-limit-editor';
import { SpentThisMonth } from './spend-limit-field';

/** What the row says, besides the credential's own facts. */
export interface CredentialWords {
  /** Said before what it may do when its list holds other kinds too ('API token.'). */
  kind?: string;
  /** The word before its first date: 'Created', 'Connected'. */
  since: string;
  /** The Revoke button's accessible name. */
  revokeLabel: string;
  /** The question's explanation and its confirming button. */
  revokeDescription: string;
  confirmLabel: string;
  /** Announced once it is revoked. */
  revoked: string;
  /** Shown in the row when revoking failed. */
  revokeFailed: string;
}

export function CredentialRow({
  credential,
  icon,
  fieldId,
  words,
  online,
  onRemoved,
  setLimit,
  revoke,
  forget,
}: AccessKindProps & {
  credential: ApiTokenSummary;
  icon: LucideIcon;
  /** The limit field's id, unique on the page. */
  fieldId: string;
  words: CredentialWords;
  online: boolean;
  /** The feature's requests (its mutations): the row's list on screen follows their answers. */
  setLimit: { mutateAsync: (change: { id: number; spendLimit: number | null }) => Promise<unknown> };
  revoke: { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean };
  /** Drops the row from the list on screen. */
  forget: (queryClient: QueryClient, id: number) => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Already gone (revoked elsewhere, or with every other credential): nothing to keep on screen. */
  const gone = async (err: ApiError) => {
    await forget(queryClient, credential.id);
    onRemoved(err.message);
  };
  const saveLimit = async (spendLimit: number | null) => {
    try {
      await setLimit.mutateAsync({ id: credential.id, spendLimit });
      return true;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
      await gone(err);
      return false;
    }
  };
  const onConfirm = async () => {
    setError(null);
    try {
      // The row leaves the list as the answer arrives (the hook updates the cache), then this is said.
      await revoke.mutateAsync(credential.id);
      onRemoved(words.revoked);
    } catch (err) {
      setOpen(false);
      if (err instanceof ApiError && err.status === 404) return gone(err);
      setError(errorMessage(err, words.revokeFailed));
    }
  };

  const action = (
    <>
      <SpendLimitEditor
        id={fieldId}
        name={credential.name}
        limit={credential.spendLimit}
        spent={credential.spentThisMonth}
        online={online}
        onSave={saveLimit}
      />
      <ConfirmAction
        open={open}
        onOpenChange={setOpen}
        pending={revoke.isPending}
        online={online}
        label={words.revokeLabel}
        question={{
          title: `Revoke '${credential.name}'?`,
          description: words.revokeDescription,
          confirmLabel: words.confirmLabel,
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
      icon={icon}
      title={<span className="wrap-anywhere">{credential.name}</span>}
      action={action}
      error={error}
    >
      <p className="text-sm text-slate-600">
        {words.kind && `${words.kind} `}
        {scopesInWords(credential.scopes)}
      </p>
      <SpentThisMonth spent={credential.spentThisMonth} limit={credential.spendLimit} />
      <p className="text-sm text-slate-600">
        {words.since} {formatDate(credential.createdAt)} ·{' '}
        {credential.lastUsedAt ? `Last used ${formatDate(credential.lastUsedAt)}` : 'Never used'}
      </p>
    </AccessRow>
  );
}
