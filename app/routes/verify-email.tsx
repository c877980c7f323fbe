import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ButtonLink } from '../components/ui/button';
import { verifyEmail } from '../features/auth/api/account';
import { refreshSession } from '../features/auth/api/get-session';
import { useDocumentTitle } from '../hooks/use-document-title';
import { errorMessage } from '../lib/api-client';

type State = { kind: 'working' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

/** The page a confirmation link opens (DESIGN decision 13): confirms once with POST /api/auth/verify-email. */
export default function VerifyEmailPage() {
  useDocumentTitle('Confirm your email');
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'working' });
  const started = useRef(false);
  useEffect(() => {
    // Tokens work once: never send it twice (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    verifyEmail(token)
      .then(({ email }) => {
        setState({ kind: 'done', email });
        void refreshSession(queryClient);
      })
      .catch((error: unknown) => setState({ kind: 'failed', message: errorMessage(error, 'This link could not be used.') }));
  }, [queryClient]);

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
            Thank you: <strong className="break-all">{state.email}</strong> is confirmed.
          </p>
          <div>
            <ButtonLink href="/">Continue to AgentMarket</ButtonLink>
          </div>
        </div>
      )}
      {state.kind === 'failed' && (
        <div className="mt-4 grid gap-6">
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
            {state.message}
          </p>
          <p className="text-sm text-slate-600">Signed in, you can ask for a new link from the banner at the top of the page.</p>
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
