// The browsers signed in to the account as rows of Settings' one list, 'Where you are signed in'
// (docs/decisions/0038): what it is, when it signed in, this one marked, and Sign out. Signing out
// this very browser asks first, then leaves as 'Log Out' does.
import { useQueryClient } from '@tanstack/react-query';
import { Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { SignedInSession } from '#common/api-schemas.ts';
import { AlertDialog, AlertDialogContent, AlertDialogTrigger } from '#app/components/ui/alert-dialog.tsx';
import { Button, buttonClass } from '#app/components/ui/button.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useOnline } from '#app/hooks/use-online.ts';
import { usePaused } from '#app/hooks/use-paused.ts';
import { ApiError, errorMessage } from '#app/lib/api-client.ts';
import { formatDate } from '#app/lib/format.ts';
import { logout } from '#app/lib/session-actions.ts';
import { forgetSession, useSignedInSessions, useSignOutSession } from '#app/features/sessions/api/sessions.ts';

/** Every row of the list: a kind's rows share this look (features/tokens' api-token-rows.tsx has the same). */
const ROW_CLASS = 'flex flex-wrap items-center gap-x-4 gap-y-3 p-4';
/** A row's button: a thumb's height (44 px) and, on a phone, the row's width. */
const ACTION_CLASS = 'min-h-11 w-full shrink-0 disabled:opacity-50 sm:w-auto';

const browserName = (session: SignedInSession): string => session.device ?? 'Unknown browser';

/** After signing this browser out: the same clean-up as 'Log Out' (private data, the cached session), then home. */
function useLeave() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async () => {
    await logout(queryClient);
    navigate('/');
  };
}

function BrowserRow({ session, online, onRemoved }: { session: SignedInSession; online: boolean; onRemoved: (message: string) => void }) {
  const queryClient = useQueryClient();
  const leave = useLeave();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mutation = useSignOutSession();
  const name = browserName(session);
  const Icon = session.device && /Android|iPhone/.test(session.device) ? Smartphone : Monitor;

  const signOut = async () => {
    setError(null);
    try {
      await mutation.mutateAsync(session);
    } catch (err) {
      setOpen(false);
      if (!(err instanceof ApiError && err.status === 404)) return setError(errorMessage(err, 'That browser could not be signed out. Please try again.'));
      // Already signed out (elsewhere, or with a password reset): nothing to keep on screen.
      if (!session.current) {
        await forgetSession(queryClient, session.id);
        return onRemoved(err.message);
      }
    }
    if (session.current) return leave();
    onRemoved(`Signed out of ${name}`);
  };

  const label = session.current ? `Sign out ${name} (this device)` : `Sign out ${name}`;
  return (
    <li className={ROW_CLASS}>
      <div className="flex min-w-0 flex-1 basis-56 items-start gap-3">
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
            <span className="wrap-anywhere">{name}</span>
            {session.current && <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">This device</span>}
          </p>
          <p className="text-sm text-slate-600">Signed in {formatDate(session.createdAt)}</p>
        </div>
      </div>
      {session.current ? (
        <AlertDialog open={open} onOpenChange={(next) => !mutation.isPending && setOpen(next)}>
          <AlertDialogTrigger className={buttonClass('secondary', 'md', ACTION_CLASS)} aria-label={label} disabled={!online}>
            Sign out
          </AlertDialogTrigger>
          <AlertDialogContent
            title="Sign out of this device?"
            description="You are signed out here and taken to the home page; your private data leaves this browser. Your other browsers and API tokens keep working."
            confirmLabel="Sign out"
            pendingLabel="Signing out..."
            pending={mutation.isPending}
            onConfirm={() => void signOut()}
          />
        </AlertDialog>
      ) : (
        <Button variant="secondary" className={ACTION_CLASS} aria-label={label} disabled={!online || mutation.isPending} onClick={() => void signOut()}>
          {mutation.isPending ? 'Signing out...' : 'Sign out'}
        </Button>
      )}
      {error && (
        <p role="alert" className="basis-full rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * The browsers' rows: a loading row, a row saying they could not be loaded (with Try again) or,
 * offline before they came, that they come back with the connection.
 */
export function SignedInBrowsers({ onRemoved }: { onRemoved: (message: string) => void }) {
  const query = useSignedInSessions();
  const online = useOnline();
  const paused = usePaused(query);
  if (query.isPending && paused) return <li className="p-4 text-sm text-slate-600">You are offline: the browsers signed in to your account show when you are back online.</li>;
  if (query.isPending)
    return (
      <li className="p-4">
        <div role="status" aria-label="Loading your browsers">
          <Skeleton className="h-12 rounded-lg" />
        </div>
      </li>
    );
  if (query.data === undefined)
    return (
      <li className={ROW_CLASS}>
        <p role="alert" className="min-w-0 flex-1 basis-56 text-sm text-red-800">
          The browsers signed in to your account could not be loaded. {errorMessage(query.error, '')}
        </p>
        <Button variant="secondary" className={ACTION_CLASS} aria-label="Try again to load your browsers" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </li>
    );
  // This browser first, then the others newest first (as the server sends them).
  const sessions = [...query.data].sort((a, b) => Number(b.current) - Number(a.current));
  return (
    <>
      {sessions.map((session) => (
        <BrowserRow key={session.id} session={session} online={online} onRemoved={onRemoved} />
      ))}
    </>
  );
}
