// Settings' 'Connected apps' list (docs/decisions/0042): each app connected through OAuth as a row
// like a token's or a browser's (AccessRow): what it may do, what it spent this month against its
// limit, when it was connected and last used, Change limit and Revoke. A revoked app's row goes and
// the list says so; focus stays in the list.
import { useQueryClient } from '@tanstack/react-query';
import { Bot, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Connection } from '#common/api-schemas.ts';
import { AccessRow, AccessRows, ConfirmAction, type AccessKindProps } from '#app/components/ui/access-row.tsx';
import { SpendLimitEditor } from '#app/components/ui/spend-limit-editor.tsx';
import { SpentThisMonth } from '#app/components/ui/spend-limit-field.tsx';
import { useOnline } from '#app/hooks/use-online.ts';
import { ApiError, errorMessage } from '#app/lib/api-client.ts';
import { formatDate } from '#app/lib/format.ts';
import { scopesInWords } from '#app/lib/scope-words.ts';
import {
  forgetConnection,
  useConnections,
  useRevokeConnection,
  useSetConnectionLimit,
} from '#app/features/connections/api/connections.ts';

function ConnectionRow({ app, online, onRemoved }: AccessKindProps & { app: Connection; online: boolean }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revoke = useRevokeConnection();
  const setLimit = useSetConnectionLimit();

  /** Already gone (revoked elsewhere, or with every other credential): nothing to keep on screen. */
  const gone = async (err: ApiError) => {
    await forgetConnection(queryClient, app.id);
    onRemoved(err.message);
  };
  const saveLimit = async (spendLimit: number | null) => {
    try {
      await setLimit.mutateAsync({ id: app.id, spendLimit });
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
      await revoke.mutateAsync(app.id);
      onRemoved(`App disconnected: ${app.name}`);
    } catch (err) {
      setOpen(false);
      if (err instanceof ApiError && err.status === 404) return gone(err);
      setError(errorMessage(err, 'The app could not be disconnected. Please try again.'));
    }
  };

  const action = (
    <>
      <SpendLimitEditor
        id={`connection-${app.id}-limit`}
        name={app.name}
        limit={app.spendLimit}
        spent={app.spentThisMonth}
        online={online}
        onSave={saveLimit}
      />
      <ConfirmAction
        open={open}
        onOpenChange={setOpen}
        pending={revoke.isPending}
        online={online}
        label={`Revoke ${app.name}`}
        question={{
          title: `Revoke '${app.name}'?`,
          description:
            'It stops working with your account at once. To use it again, connect it again from the app and allow it here.',
          confirmLabel: 'Revoke access',
          pendingLabel: 'Revoking...',
        }}
        onConfirm={() => void onConfirm()}
      >
        Revoke
      </ConfirmAction>
    </>
  );
  return (
    <AccessRow icon={Bot} title={<span className="wrap-anywhere">{app.name}</span>} action={action} error={error}>
      {/* Its list is Connected apps: no need to say what kind of row it is. */}
      <p className="text-sm text-slate-600">{scopesInWords(app.scopes)}</p>
      <SpentThisMonth spent={app.spentThisMonth} limit={app.spendLimit} />
      <p className="text-sm text-slate-600">
        Connected {formatDate(app.createdAt)} ·{' '}
        {app.lastUsedAt ? `Last used ${formatDate(app.lastUsedAt)}` : 'Never used'}
      </p>
    </AccessRow>
  );
}

/** The apps' rows, or what stands for them until they come (AccessRows); none is one quiet row. */
function ConnectedAppRows({ onRemoved }: AccessKindProps) {
  return (
    <AccessRows query={useConnections()} what="your connected apps">
      {(apps, online) =>
        apps.length === 0 ? (
          <li className="p-4 text-sm text-slate-600">
            No apps connected yet. Connect an assistant with the address below: you allow it here, in your browser.
          </li>
        ) : (
          apps.map((app) => <ConnectionRow key={app.id} app={app} online={online} onRemoved={onRemoved} />)
        )
      }
    </AccessRows>
  );
}

/** The list, what it last removed (announced politely), and a note while offline. */
export function ConnectedApps() {
  const online = useOnline();
  const [message, setMessage] = useState('');
  const [removals, setRemovals] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  // The button pressed went with its row: focus stays in the list rather than falling to the page's start.
  useEffect(() => {
    if (removals > 0) list.current?.focus();
  }, [removals]);
  const onRemoved = useCallback((text: string) => {
    setMessage(text);
    setRemovals((n) => n + 1);
  }, []);
  return (
    <div className="grid gap-3">
      {!online && (
        <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>You are offline. Changing a limit and revoking an app need a connection.</span>
        </p>
      )}
      <ul
        ref={list}
        tabIndex={-1}
        aria-label="Connected apps"
        className="divide-y divide-slate-200 rounded-lg border border-slate-200 focus:outline-none"
      >
        <ConnectedAppRows onRemoved={onRemoved} />
      </ul>
      {/* Always in the page, so the message is announced when it arrives. */}
      <p role="status" className={message ? 'text-sm text-emerald-800' : 'sr-only'}>
        {message}
      </p>
    </div>
  );
}
