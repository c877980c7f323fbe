// Settings' 'Password and sign-in' part (docs/product.md#accounts), in its own file so other settings
// sections merge beside it: change password, change email ('Sign out of all devices' is in 'Where
// you are signed in', app/features/sessions).
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import * as v from 'valibot';
import type { SessionUser } from '#common/types.ts';
import { changeEmailSchema, changePasswordSchema, fieldErrors } from '#common/validation.ts';
import { Button } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { useFormValues } from '#app/hooks/use-form-values.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { errorMessage } from '#app/lib/api-client.ts';
import { cancelEmailChange, changeEmail, changePassword, getEmailStatus } from '#app/features/auth/api/account.ts';
import { PasswordField } from './password-input';
import { AppForm } from '#app/components/ui/app-form.tsx';

function Result({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <p
      role={ok ? 'status' : 'alert'}
      className={`rounded-lg border p-3 text-sm ${ok ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-red-200 bg-red-50 text-red-800'}`}
    >
      {children}
    </p>
  );
}

/**
 * A settings form that asks for the current password: its fields are checked against `schema`, then
 * `send` makes the change and answers what to say; done, the form empties itself.
 */
function useAccountForm<T extends Record<keyof T, string>, O>(
  schema: v.GenericSchema<T, O>,
  empty: T,
  idPrefix: string,
  send: (input: O) => Promise<string>,
  failure: string,
) {
  const { values, setValues, bind } = useFormValues(empty, idPrefix);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    const parsed = v.safeParse(schema, values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.issues));
    setErrors({});
    setBusy(true);
    try {
      setResult({ ok: true, text: await send(parsed.output) });
      setValues(empty);
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err, failure) });
    } finally {
      setBusy(false);
    }
  };
  return { bind, errors, result, setResult, busy, onSubmit: (e: FormEvent) => void submit(e) };
}

const NO_PASSWORDS = { currentPassword: '', newPassword: '' };

function ChangePasswordForm() {
  const { bind, errors, result, busy, onSubmit } = useAccountForm(
    changePasswordSchema,
    NO_PASSWORDS,
    'settings',
    async (input) => (await changePassword(input)).message,
    'Your password could not be changed.',
  );
  return (
    <AppForm onSubmit={onSubmit} className="grid gap-4" aria-label="Change password">
      <h3 className="font-semibold">Change password</h3>
      {result && <Result ok={result.ok}>{result.text}</Result>}
      <PasswordField
        label="Current password"
        error={errors.currentPassword}
        autoComplete="current-password"
        {...bind('currentPassword')}
      />
      <PasswordField
        label="New password"
        error={errors.newPassword}
        autoComplete="new-password"
        {...bind('newPassword')}
      />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Change password'}
        </Button>
      </div>
    </AppForm>
  );
}

const NO_EMAIL = { email: '', currentPassword: '' };

function ChangeEmailForm({ user }: { user: SessionUser }) {
  const [pending, setPending] = useState<string | null>(null);
  const { bind, errors, result, setResult, busy, onSubmit } = useAccountForm(
    changeEmailSchema,
    NO_EMAIL,
    'settings-email',
    async (input) => {
      const answer = await changeEmail(input);
      setPending(answer.pendingEmail);
      return answer.message;
    },
    'Your email could not be changed.',
  );
  useEffect(() => {
    getEmailStatus()
      .then((status) => setPending(status.pendingEmail))
      .catch(() => undefined); // the form works without it
  }, [user.email]);
  return (
    <AppForm onSubmit={onSubmit} className="grid gap-4" aria-label="Change email">
      <h3 className="font-semibold">Change email</h3>
      <p className="text-sm text-slate-600">
        Your address is <strong className="wrap-anywhere">{user.email}</strong> (
        {user.emailVerified ? 'confirmed' : 'not confirmed yet'}). A new address counts once you open the link we email
        to it; your other devices are signed out.
      </p>
      {result && <Result ok={result.ok}>{result.text}</Result>}
      {pending && (
        <PendingChange email={pending} onCancelled={(text) => (setPending(null), setResult({ ok: true, text }))} />
      )}
      <TextField
        label="New email"
        error={errors.email}
        type="email"
        autoComplete="email"
        {...bind('email')}
        id="settings-new-email"
      />
      <PasswordField
        label="Current password"
        error={errors.currentPassword}
        autoComplete="current-password"
        {...bind('currentPassword')}
        id="settings-email-password"
      />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending...' : 'Change email'}
        </Button>
      </div>
    </AppForm>
  );
}

/**
 * A change waiting for its link, shown with Cancel (docs/decisions/0024): someone who learned the
 * password and asked for their own address is seen here, and stopped in one tap.
 */
function PendingChange({ email, onCancelled }: { email: string; onCancelled: (message: string) => void }) {
  const [busy, setBusy] = useState(false);
  const onCancel = async () => {
    setBusy(true);
    try {
      onCancelled((await cancelEmailChange()).message);
    } catch (err) {
      toast({
        title: 'Could not cancel the change',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      role="group"
      aria-label="Pending email change"
      // Stacked on a phone (the words over Cancel, each the full width); side by side from sm up.
      className="flex flex-col items-stretch gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center"
    >
      <p className="min-w-0 sm:flex-1">
        Pending change to <strong className="wrap-anywhere">{email}</strong>: it takes effect once the link mailed there
        is opened. Not you? Cancel it and change your password.
      </p>
      <Button type="button" variant="secondary" size="sm" disabled={busy} onClick={() => void onCancel()}>
        {busy ? 'Cancelling...' : 'Cancel change'}
      </Button>
    </div>
  );
}

export function AccountSecurity({ user }: { user: SessionUser }) {
  return (
    <div className="grid gap-8">
      <ChangePasswordForm />
      <ChangeEmailForm user={user} />
    </div>
  );
}
