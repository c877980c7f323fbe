import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { authHref, safeNextPath } from '#common/next-path.ts';
import { MESSAGES } from '#common/validation.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { verifyEmail } from '#app/features/auth/api/account.ts';
import { refreshSession, useSession } from '#app/features/auth/api/get-session.ts';
import { NewPasswordForm } from '#app/features/auth/components/new-password-form.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { ApiError, errorMessage } from '#app/lib/api-client.ts';

type State =
  | { kind: 'working' }
  | { kind: 'done'; email: string; message: string | null }
  | { kind: 'needs-owner' }
  | { kind: 'failed'; message: string };

/**
 * The page a confirmation link opens (docs/decisions/0032). In the account's session it confirms at
 * once; anywhere else the link alone proves nothing about who set the password, so the person signs
 * in first or chooses a new password here, which signs every other device out (docs/decisions/0024).
 */
export default function VerifyEmailPage() {
  useDocumentTitle('Confirm your email');
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'working' });
  const { user } = useSession();
  // A link that cannot be used (spent, expired or unknown: the server does not say which) opened by
  // someone whose address is confirmed, most often the same mail opened again: nothing is left to do.
  const confirmedAlready =
    state.kind === 'failed' && state.message === MESSAGES.tokenInvalid && user?.emailVerified === true;
  const started = useRef(false);
  const query = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search);
  const token = query?.get('token') ?? '';
  // The page that asked for the account (an agent's): where Continue leads, checked like every next.
  const next = safeNextPath(query?.get('next')) ?? '/';
  useEffect(() => {
    // Tokens work once: never send it twice (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    verifyEmail(token)
      .then(({ email }) => {
        setState({ kind: 'done', email, message: null });
        void refreshSession(queryClient);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 403 && error.message === MESSAGES.confirmNeedsOwner)
          setState({ kind: 'needs-owner' });
        else setState({ kind: 'failed', message: errorMessage(error, 'This link could not be used.') });
      });
  }, [queryClient, token]);

  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Confirm your email</h1>
      {state.kind === 'working' && (
        <p role="status" className="mt-4 text-slate-600">
          Confirming your address...
        </p>
      )}
      {state.kind === 'done' && (
        <div role="status" className="mt-4 grid gap-6">
          <p className="text-slate-700">
            Thank you: <strong className="wrap-anywhere">{state.email}</strong> is confirmed.
          </p>
          {state.message && <p className="text-sm text-slate-600">{state.message}</p>}
          <div>
            <ButtonLink href={next}>Continue to AgentMarket</ButtonLink>
          </div>
        </div>
      )}
      {state.kind === 'needs-owner' && (
        <ConfirmWithPassword
          token={token}
          next={next}
          onDone={(email, message) => {
            setState({ kind: 'done', email, message });
            void refreshSession(queryClient);
          }}
        />
      )}
      {confirmedAlready && (
        <div role="status" className="mt-4 grid gap-6">
          <p className="text-slate-700">
            Your address, <strong className="wrap-anywhere">{user.email}</strong>, is confirmed. This link can no longer
            be used.
          </p>
          <div>
            <ButtonLink href={next}>Continue to AgentMarket</ButtonLink>
          </div>
        </div>
      )}
      {state.kind === 'failed' && !confirmedAlready && (
        <div className="mt-4 grid gap-6">
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
            {state.message}
          </p>
          <p className="text-sm text-slate-600">
            Signed in, you can ask for a new link from the banner at the top of the page.
          </p>
          <div>
            <ButtonLink href="/settings" variant="secondary">
              Go to settings
            </ButtonLink>
          </div>
        </div>
      )}
    </section>
  );
}

/** Signed out (or as someone else): sign in to the account, or confirm by choosing its password. */
function ConfirmWithPassword({
  token,
  next,
  onDone,
}: {
  token: string;
  next: string;
  onDone: (email: string, message: string) => void;
}) {
  const here = `/verify-email?${new URLSearchParams(next === '/' ? { token } : { token, next })}`;
  return (
    <div className="mt-6 grid gap-6 text-left">
      <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        {MESSAGES.confirmNeedsOwner} A new password signs the account out on every other device.
      </p>
      <div>
        <ButtonLink href={authHref(here)} variant="secondary">
          Sign in to confirm
        </ButtonLink>
      </div>
      <NewPasswordForm
        token={token}
        send={async (input) => {
          const done = await verifyEmail(input.token, input.password);
          onDone(done.email, done.message);
        }}
        id="confirm-password"
        label="Confirm with a new password"
        submit="Confirm and set password"
        sending="Confirming..."
      />
    </div>
  );
}
