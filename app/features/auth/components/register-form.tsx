import { useState, type FormEvent } from 'react';
import { useFormValues } from '#app/hooks/use-form-values.ts';
import * as v from 'valibot';
import { fieldErrors, internalEmailError, registerSchema } from '#common/validation.ts';
import { Button } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { HoneypotField } from '#app/components/ui/honeypot-field.tsx';
import { ApiError } from '#app/lib/api-client.ts';
import { useRegister } from '#app/features/auth/api/register.ts';
import { toastAcrossReload } from '#app/features/auth/lib/flash.ts';
import { IDENTIFIER_INPUT } from '#app/features/auth/lib/identifier-input.ts';
import { PasswordField } from './password-input';
import { AppForm } from '#app/components/ui/app-form.tsx';
import { useSingleFlight } from '#app/hooks/use-single-flight.ts';

// `website` is the hidden honeypot: a person leaves it empty and it is sent as such.
const initial = { username: '', email: '', password: '', website: '' };

/** Registration; success reloads the whole app as the new user (docs/product.md#states), at `next` (a checked path) or home. */
export function RegisterForm({
  internal,
  staffDomain,
  next = null,
}: {
  internal: boolean;
  staffDomain: string;
  next?: string | null;
}) {
  const { values, setValues, bind } = useFormValues(initial, 'register');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const mutation = useSingleFlight(useRegister());

  const parsed = v.safeParse(registerSchema, { ...values, isInternalLogin: internal });
  const errors: Record<string, string> = submitted && !parsed.success ? fieldErrors(parsed.issues) : {};
  // The staff-domain rule is checked as the user types: the field turns red and submitting is off.
  const domainError = internal && values.email.trim() ? internalEmailError(values.email, staffDomain) : null;
  const emailError = errors.email ?? domainError;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (!parsed.success || domainError) return;
    // The mailed confirmation link continues to the page that asked for the account.
    mutation.mutate(next ? { ...parsed.output, next } : parsed.output, {
      onSuccess: () => {
        toastAcrossReload({ title: 'Registration successful', description: 'Your account has been created' });
        window.location.assign(next ?? '/');
      },
      // Said once, in the form (role=alert), not again in a toast.
      onError: (error) => {
        const reason =
          error instanceof ApiError && error.message ? error.message : 'Please check your details and try again';
        setServerError(
          internal
            ? `${reason.replace(/\.$/, '')}. Internal accounts need a ${staffDomain} email address; if you are a customer, register on the Customer tab instead.`
            : reason,
        );
      },
    });
  };

  return (
    <AppForm onSubmit={onSubmit} className="grid gap-4" aria-label="Register">
      {serverError && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <strong className="font-semibold">Registration failed</strong>: {serverError}
        </div>
      )}
      <TextField
        label="Username"
        error={errors.username}
        autoComplete="username"
        {...IDENTIFIER_INPUT}
        {...bind('username')}
      />
      <TextField
        label="Email"
        error={emailError}
        hint={internal ? `Use your ${staffDomain} company email.` : undefined}
        type="email"
        autoComplete="email"
        {...IDENTIFIER_INPUT}
        {...bind('email')}
      />
      <PasswordField
        label="Password"
        error={errors.password}
        hint="At least 6 characters."
        autoComplete="new-password"
        {...bind('password')}
      />
      <HoneypotField
        id="register-website"
        value={values.website}
        onChange={(website) => setValues((s) => ({ ...s, website }))}
      />
      <Button type="submit" size="lg" disabled={mutation.isPending || Boolean(domainError)}>
        {mutation.isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </AppForm>
  );
}
