import { useState, type FormEvent } from 'react';
import { useFormValues } from '#app/hooks/use-form-values.ts';
import * as v from 'valibot';
import type { SessionUser } from '#common/types.ts';
import { fieldErrors, internalEmailError, loginSchema } from '#common/validation.ts';
import { Button } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { toast } from '#app/hooks/use-toast.ts';
import { ApiError } from '#app/lib/api-client.ts';
import { useLogin } from '#app/features/auth/api/login.ts';
import { IDENTIFIER_INPUT } from '#app/features/auth/lib/identifier-input.ts';
import { PasswordField } from './password-input';
import { AppForm } from '#app/components/ui/app-form.tsx';
import { useSingleFlight } from '#app/hooks/use-single-flight.ts';

const initial = { username: '', password: '' };

/**
 * Sign-in with username or email. In Internal mode an email outside the staff domain is refused
 * here already; a plain username is left for the server to judge.
 */
export function LoginForm({
  internal,
  staffDomain,
  onSuccess,
}: {
  internal: boolean;
  staffDomain: string;
  onSuccess: (user: SessionUser) => void;
}) {
  const { values, bind } = useFormValues(initial, 'login');
  const [submitted, setSubmitted] = useState(false);
  const mutation = useSingleFlight(useLogin());

  const parsed = v.safeParse(loginSchema, { ...values, isInternalLogin: internal });
  const errors: Record<string, string> = submitted && !parsed.success ? fieldErrors(parsed.issues) : {};
  const domainError =
    internal && values.username.includes('@') ? internalEmailError(values.username, staffDomain) : null;
  const usernameError = errors.username ?? domainError;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!parsed.success || domainError) return;
    mutation.mutate(parsed.output, {
      onSuccess: (user) => {
        toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
        onSuccess(user);
      },
      onError: (error) => {
        toast({
          title: 'Login failed',
          description:
            error instanceof ApiError && error.message ? error.message : 'Please check your credentials and try again',
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <AppForm onSubmit={onSubmit} className="grid gap-4" aria-label="Sign in">
      <TextField
        label={internal ? `Username or ${staffDomain} email` : 'Username or email'}
        error={usernameError}
        autoComplete="username"
        {...IDENTIFIER_INPUT}
        {...bind('username')}
      />
      <PasswordField label="Password" error={errors.password} autoComplete="current-password" {...bind('password')} />
      <p className="-mt-2 text-right text-sm">
        <a href="/reset-password" className="font-medium text-brand-700 underline">
          Forgot password?
        </a>
      </p>
      <Button type="submit" size="lg" disabled={mutation.isPending || Boolean(domainError)}>
        {mutation.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
    </AppForm>
  );
}
