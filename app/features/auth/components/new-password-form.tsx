import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { resetPasswordSchema } from '#common/validation.ts';
import { AppForm } from '#app/components/ui/app-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { useFormValues } from '#app/hooks/use-form-values.ts';
import { errorMessage } from '#app/lib/api-client.ts';
import { PasswordField } from './password-input';

/**
 * The form of a mailed link that ends in a new password: reset it, undo an email change, confirm an
 * address away from its session (docs/decisions/0024). The three links share one rule, a token and
 * a new password (common/validation.ts); `send` does the link's own call.
 */
export function NewPasswordForm({
  token,
  send,
  id,
  label,
  intro,
  submit,
  sending,
}: {
  token: string;
  send: (input: v.InferOutput<typeof resetPasswordSchema>) => Promise<void>;
  /** The password field's id. */
  id: string;
  /** The form's accessible name. */
  label: string;
  /** A line above the field. */
  intro?: string;
  /** The button's text, and its text while sending. */
  submit: string;
  sending: string;
}) {
  const { values, bind } = useFormValues({ password: '' }, 'new');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = v.safeParse(resetPasswordSchema, { token, password: values.password });
    if (!parsed.success) return setError(v.flatten(parsed.issues).nested?.password?.[0] ?? parsed.issues[0].message);
    setError(null);
    setBusy(true);
    try {
      await send(parsed.output);
    } catch (err) {
      setError(errorMessage(err, 'Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppForm onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label={label}>
      {intro && <p className="text-slate-600">{intro}</p>}
      <PasswordField label="New password" error={error} autoComplete="new-password" {...bind('password')} id={id} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? sending : submit}
      </Button>
    </AppForm>
  );
}
