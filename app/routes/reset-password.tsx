import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { useSearch } from 'wouter';
import { fieldErrors, forgotPasswordSchema } from '#common/validation.ts';
import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { forgotPassword, resetPassword } from '#app/features/auth/api/account.ts';
import { NewPasswordForm } from '#app/features/auth/components/new-password-form.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { useFormValues } from '#app/hooks/use-form-values.ts';
import { errorMessage } from '#app/lib/api-client.ts';
import { AppForm } from '#app/components/ui/app-form.tsx';

function Notice({ children, alert = false }: { children: string; alert?: boolean }) {
  return (
    <p
      role={alert ? 'alert' : 'status'}
      className={`rounded-lg border p-3 text-sm ${alert ? 'border-red-200 bg-red-50 text-red-800' : 'border-emerald-200 bg-emerald-50 text-emerald-900'}`}
    >
      {children}
    </p>
  );
}

/** 'Forgot password?': asks for the address; the answer is the same whether or not it has an account. */
function RequestLink() {
  const { values, bind } = useFormValues({ email: '' }, 'forgot');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = v.safeParse(forgotPasswordSchema, values);
    if (!parsed.success) return setError(fieldErrors(parsed.issues).email ?? null);
    setError(null);
    setBusy(true);
    try {
      setSent((await forgotPassword(parsed.output.email)).message);
    } catch (err) {
      setError(errorMessage(err, 'Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppForm onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label="Reset your password">
      <p className="text-slate-600">
        Enter the email address of your account and we will email you a link to choose a new password.
      </p>
      {sent && <Notice>{sent}</Notice>}
      <TextField label="Email" error={error} type="email" autoComplete="email" {...bind('email')} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Sending...' : 'Email me a reset link'}
      </Button>
    </AppForm>
  );
}

/** The page the mailed link opens: a new password, then every session of the account ends. */
function ChooseNew({ token }: { token: string }) {
  const [done, setDone] = useState<string | null>(null);
  if (done) {
    return (
      <div className="grid gap-6">
        <Notice>{done}</Notice>
        <div>
          <ButtonLink href="/auth">Sign in</ButtonLink>
        </div>
      </div>
    );
  }
  return (
    <NewPasswordForm
      token={token}
      send={async (input) => setDone((await resetPassword(input)).message)}
      id="reset-password"
      label="Choose a new password"
      intro="Choosing a new password signs your account out on every device."
      submit="Set new password"
      sending="Saving..."
    />
  );
}

export default function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  // wouter's search: the request's query on the server, the address bar in the browser.
  const token = new URLSearchParams(useSearch()).get('token');
  return (
    <section className="mx-auto grid max-w-md gap-6 px-4 py-16">
      <h1 className="text-3xl font-bold">{token ? 'Choose a new password' : 'Forgot your password?'}</h1>
      {token ? <ChooseNew token={token} /> : <RequestLink />}
    </section>
  );
}
