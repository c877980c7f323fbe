import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { useSearch } from 'wouter';
import { undoEmailChangeSchema } from '#common/validation.ts';
import { AppForm } from '#app/components/ui/app-form.tsx';
import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { undoEmailChange } from '#app/features/auth/api/account.ts';
import { refreshSession } from '#app/features/auth/api/get-session.ts';
import { PasswordInput } from '#app/features/auth/components/password-input.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { errorMessage } from '#app/lib/api-client.ts';

/**
 * The link in 'Your email address was changed' (7 days, docs/decisions/0024): puts the old address
 * back with a new password, since whoever made the change knew the old one, and signs out everywhere.
 */
export default function UndoEmailChangePage() {
  useDocumentTitle('Restore your email address');
  const queryClient = useQueryClient();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ email: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = v.safeParse(undoEmailChangeSchema, { token, password });
    if (!parsed.success) return setError(v.flatten(parsed.issues).nested?.password?.[0] ?? parsed.issues[0].message);
    setError(null);
    setBusy(true);
    try {
      const result = await undoEmailChange(parsed.output);
      setDone({ email: result.email, message: result.message });
      void refreshSession(queryClient);
    } catch (err) {
      setError(errorMessage(err, 'Please try again.'));
    } finally {
      setBusy(false);
    }
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
        <AppForm onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label="Restore your email address">
          <p className="text-slate-600">
            This puts your previous email address back on the account. Whoever changed it knew your password, so choose a new one: every device is signed out.
          </p>
          <FormField id="undo-password" label="New password" error={error ?? undefined}>
            {(control) => <PasswordInput {...control} name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} invalid={Boolean(error)} />}
          </FormField>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? 'Restoring...' : 'Restore address and set password'}
          </Button>
        </AppForm>
      )}
    </section>
  );
}
