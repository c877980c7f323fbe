// Settings' 'API tokens' part (docs/decisions/0030): create a personal token for a program (shown
// once); an assistant is pointed to Connected apps, where nothing is pasted (docs/decisions/0042). The
// tokens in use are listed, and revoked, in 'Where you are signed in' (api-token-rows.tsx,
// docs/decisions/0038), beside the browsers signed in to the account.
import { onlineManager } from '@tanstack/react-query';
import { Check, Copy, KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import {
  createTokenSchema,
  TOKEN_NAME_MAX,
  TOKEN_SCOPE_TEXT,
  TOKEN_SCOPES,
  type CreatedApiToken,
  type TokenScope,
} from '#common/api-tokens.ts';
import { fieldErrors } from '#common/validation.ts';
import { AppForm } from '#app/components/ui/app-form.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { FormField, TextInput } from '#app/components/ui/form-field.tsx';
import { readSpendLimit, SpendLimitField, type SpendLimitDraft } from '#app/components/ui/spend-limit-field.tsx';
import { useOnline } from '#app/hooks/use-online.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { ApiError } from '#app/lib/api-client.ts';
import { useCreateToken, useRevokedTokenIds } from '#app/features/tokens/api/tokens.ts';
import { useSingleFlight } from '#app/hooks/use-single-flight.ts';

/** The new token, once: copied by a button, never shown again. */
function NewToken({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      toast({ title: 'Copy failed', description: 'Select the token and copy it by hand.', variant: 'destructive' });
    }
  };
  return (
    <div
      role="status"
      className="grid gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950"
    >
      <p className="font-semibold">Token '{created.name}' created. Copy it now: it will not be shown again.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <TextInput
          readOnly
          aria-label="New API token"
          value={created.token}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono"
        />
        <Button variant="secondary" className="min-h-11" onClick={() => void copy()}>
          {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}{' '}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p>
        Send it as <code className="rounded bg-white px-1">Authorization: Bearer …</code> to the API.
      </p>
      <div>
        <Button variant="secondary" className="min-h-11" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

const NO_LIMIT_TYPED: SpendLimitDraft = { text: '', none: false };

const OFFLINE = 'You are offline. Connect to the internet, then try again.';

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  // A new token has no limit unless one is typed (docs/decisions/0042): an empty box.
  const [limit, setLimit] = useState<SpendLimitDraft>(NO_LIMIT_TYPED);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useSingleFlight(useCreateToken());
  const online = useOnline();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const spendLimit = readSpendLimit(limit, true);
    const parsed = v.safeParse(createTokenSchema, {
      name,
      scopes,
      spendLimit: spendLimit.ok ? spendLimit.limit : null,
    });
    if (!parsed.success || !spendLimit.ok)
      return setErrors({
        ...(parsed.success ? {} : fieldErrors(parsed.issues)),
        ...(spendLimit.ok ? {} : { spendLimit: spendLimit.message }),
      });
    // Offline the request is not sent (nor kept for later): the button stays, to press once back online.
    if (!online) return setErrors({ form: OFFLINE });
    setErrors({});
    mutation.mutate(parsed.output, {
      onSuccess: (created) => {
        setName('');
        setScopes(['read']);
        setLimit(NO_LIMIT_TYPED);
        onCreated(created);
      },
      onError: (error) =>
        setErrors({
          form:
            error instanceof ApiError
              ? error.message
              : // No answer at all: the connection went, or the request could not be sent.
                onlineManager.isOnline()
                ? 'The token could not be created. Please try again.'
                : OFFLINE,
        }),
    });
  };
  const toggle = (scope: TokenScope, on: boolean) =>
    setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));
  return (
    <AppForm onSubmit={onSubmit} className="grid gap-4" aria-label="Create API token">
      <h3 className="font-semibold">Create a token</h3>
      {errors.form && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {errors.form}
        </p>
      )}
      <FormField
        id="token-name"
        label="Token name"
        hint="Say where it is used, e.g. 'Claude desktop' or 'Nightly report'."
        error={errors.name}
      >
        {(control) => (
          <TextInput
            {...control}
            name="name"
            maxLength={TOKEN_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
            invalid={Boolean(errors.name)}
          />
        )}
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={errors.scopes ? 'token-scopes-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">Scopes</legend>
        {TOKEN_SCOPES.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              checked={scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
            />
            <span>{TOKEN_SCOPE_TEXT[scope]}</span>
          </label>
        ))}
        {errors.scopes && (
          <p id="token-scopes-error" className="text-sm text-red-700">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <SpendLimitField
        id="token-spend-limit"
        draft={limit}
        onChange={setLimit}
        error={errors.spendLimit}
        noneChoice={false}
        hint="Tries with this token that would pass it in a calendar month (UTC) are refused."
      />
      <p className="text-sm text-slate-600">
        Tokens never work for your account, payments or other tokens: those always need you signed in here.
      </p>
      <div>
        <Button type="submit" className="min-h-11 w-full sm:w-auto" disabled={mutation.isPending}>
          <KeyRound aria-hidden className="size-4" /> {mutation.isPending ? 'Creating...' : 'Create token'}
        </Button>
      </div>
    </AppForm>
  );
}

export function ApiTokensSettings() {
  const [made, setCreated] = useState<CreatedApiToken | null>(null);
  // Revoked from the list while still shown here to copy: a dead token is not left on screen (the
  // list says it was revoked), and the form is back for the next one.
  const revoked = useRevokedTokenIds();
  const created = made && !revoked.includes(made.id) ? made : null;
  return (
    <div className="grid gap-6">
      <p className="text-sm text-slate-600">
        To connect an assistant like Claude or ChatGPT, use{' '}
        <a href="#settings-connected-apps" className="font-medium text-brand-700 underline">
          Connected apps
        </a>
        : no token to paste.
      </p>
      {created ? (
        <NewToken created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateTokenForm onCreated={setCreated} />
      )}
      <p className="text-sm text-slate-600">
        Your tokens are listed under{' '}
        <a href="#where-you-are-signed-in" className="font-medium text-brand-700 underline">
          Where you are signed in
        </a>
        , where you can revoke them.
      </p>
    </div>
  );
}
