// The browsers signed in to the account as rows of Settings' one list, 'Where you are signed in'
// (docs/decisions/0038): what it is, when it signed in, this one marked, and Sign out. Signing out
// this very browser asks first, then leaves as 'Log out' does.
import { useQueryClient } from '@tanstack/react-query';
import { Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { SignedInSession } from '#common/api-schemas.ts';
import {
  AccessRow,
  AccessRows,
  ConfirmAction,
  RowButton,
  type AccessKindProps,
} from '#app/components/ui/access-row.tsx';
import { ApiError, errorMessage } from '#app/lib/api-client.ts';
import { formatDate } from '#app/lib/format.ts';
import { logout } from '#app/lib/session-actions.ts';
import { forgetSession, useSignedInSessions, useSignOutSession } from '#app/features/sessions/api/sessions.ts';

/** Signing this very browser out asks first: the page is left. */
const LEAVE_QUESTION = {
  title: 'Sign out of this device?',
  description:
    'You are signed out here and taken to the home page; your private data leaves this browser. Your other browsers and API tokens keep working.',
  confirmLabel: 'Sign out',
  pendingLabel: 'Signing out...',
};

const browserName = (session: SignedInSession): string => session.device ?? 'Unknown browser';

/** After signing this browser out: the same clean-up as 'Log out' (private data, the cached session), then home. */
function useLeave() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async () => {
    await logout(queryClient);
    navigate('/');
  };
}

function BrowserRow({ session, online, onRemoved }: AccessKindProps & { session: SignedInSession; online: boolean }) {
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
      if (!(err instanceof ApiError && err.status === 404))
        return setError(errorMessage(err, 'That browser could not be signed out. Please try again.'));
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
  const title = (
    <>
      <span className="wrap-anywhere">{name}</span>
      {session.current && (
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
          This device
        </span>
      )}
    </>
  );
  const action = session.current ? (
    <ConfirmAction
      open={open}
      onOpenChange={setOpen}
      pending={mutation.isPending}
      online={online}
      label={label}
      question={LEAVE_QUESTION}
      onConfirm={() => void signOut()}
    >
      Sign out
    </ConfirmAction>
  ) : (
    <RowButton aria-label={label} disabled={!online || mutation.isPending} onClick={() => void signOut()}>
      {mutation.isPending ? 'Signing out...' : 'Sign out'}
    </RowButton>
  );
  return (
    <AccessRow icon={Icon} title={title} action={action} error={error}>
      <p className="text-sm text-slate-600">Signed in {formatDate(session.createdAt)}</p>
    </AccessRow>
  );
}

/** The browsers' rows, or what stands for them until they come (AccessRows). */
export function SignedInBrowsers({ onRemoved }: AccessKindProps) {
  return (
    <AccessRows query={useSignedInSessions()} what="your browsers">
      {(sessions, online) =>
        // This browser first, then the others newest first (as the server sends them).
        [...sessions]
          .sort((a, b) => Number(b.current) - Number(a.current))
          .map((session) => <BrowserRow key={session.id} session={session} online={online} onRemoved={onRemoved} />)
      }
    </AccessRows>
  );
}
