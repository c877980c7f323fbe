import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { undoEmailChange } from '#app/features/auth/api/account.ts';
import { refreshSession } from '#app/features/auth/api/get-session.ts';
import { NewPasswordForm } from '#app/features/auth/components/new-password-form.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

/**
 * The link in 'Your email address was changed' (7 days, docs/decisions/0024): puts the old address
 * back with a new password, since whoever made the change knew the old one, and signs out everywhere.
 */
export default function UndoEmailChangePage() {
  useDocumentTitle('Restore your email address');
  const queryClient = useQueryClient();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [done, setDone] = useState<{ email: string; message: string } | null>(null);
  const send = async (input: { token: string; password: string }) => {
    const result = await undoEmailChange(input);
    setDone({ email: result.email, message: result.message });
    void refreshSession(queryClient);
  };
  return (
    <section className="mx-auto grid max-w-md gap-6 px-4 py-16">
      <h1 className="text-3xl font-bold">Restore your email address</h1>
      {done ? (
        <div className="grid gap-6">
          <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
            {done.message} Your address is <strong className="wrap-anywhere">{done.email}</strong> again.
          </p>
          <div>
            <ButtonLink href="/settings">Review your settings</ButtonLink>
          </div>
        </div>
      ) : (
        <NewPasswordForm
          token={token}
          send={send}
          id="undo-password"
          label="Restore your email address"
          intro="This puts your previous email address back on the account. Whoever changed it knew your password, so choose a new one: every device is signed out."
          submit="Restore address and set password"
          sending="Restoring..."
        />
      )}
    </section>
  );
}
