// The consent screen (docs/decisions/0042): an app that asked to act for the account (an assistant,
// through OAuth) is shown as it registered itself, unverified, with where access goes; the person
// picks what it may do and a monthly spending limit, then Allow or Deny. Either answer sends the
// browser back to the app with window.location.assign: a form post could not, the page's CSP
// (form-action 'self') stops a form's redirect to another site.
import { onlineManager } from '@tanstack/react-query';
import { Bot, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SPEND_LIMIT_MESSAGES, TOKEN_MESSAGES, TOKEN_SCOPE_TEXT, type TokenScope } from '#common/api-tokens.ts';
import { OAUTH_MESSAGES } from '#common/oauth.ts';
import { AppForm } from '#app/components/ui/app-form.tsx';
import { Button, ButtonLink, buttonClass } from '#app/components/ui/button.tsx';
import { SkeletonGroup } from '#app/components/ui/skeleton.tsx';
import {
  readSpendLimit,
  spendLimitDraft,
  SpendLimitField,
  type SpendLimitDraft,
} from '#app/components/ui/spend-limit-field.tsx';
import { useOnline } from '#app/hooks/use-online.ts';
import { usePaused } from '#app/hooks/use-paused.ts';
import { ApiError, errorMessage } from '#app/lib/api-client.ts';
import {
  endsRequest,
  isSafeRedirect,
  refusalRedirect,
  signedOut,
  useConsentRequest,
  useDecideConsent,
  type ConsentDetails,
} from '#app/features/connections/api/consent.ts';
import { useSingleFlight } from '#app/hooks/use-single-flight.ts';

const CARD = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8';
const ACTION = 'min-h-11 w-full sm:w-auto';

/** A request refused as not valid, said for people; the server's own (technical) reason goes under Details. */
const NOT_VALID = 'This link from the app is not valid. Start connecting again from the app.';
const OFFLINE = 'You are offline. Connect to the internet, then choose again.';
const SCOPES_REQUIRED = 'Choose at least one thing it may do';

/**
 * What a request that ended says: an expired or used one, the server's words (they say what to do);
 * anything else is a link that is not valid, its technical reason kept for whoever asks.
 */
const ended = (reason: string): { message: string; details: string | null } =>
  reason === OAUTH_MESSAGES.consentExpired
    ? { message: reason, details: null }
    : { message: NOT_VALID, details: reason };

/**
 * A request that cannot go on: what happened, the server's reason under Details when there is one,
 * and the way back to the app when it named one, else home. `focus`: it replaced the form the person
 * was using, so focus moves to its heading (else it would be lost with the button pressed).
 */
function ConsentProblem({
  message,
  details = null,
  redirectTo,
  focus = false,
}: {
  message: string;
  details?: string | null;
  redirectTo: string | null;
  focus?: boolean;
}) {
  const back = redirectTo && isSafeRedirect(redirectTo) ? redirectTo : null;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <section aria-labelledby="consent-heading" className={`${CARD} grid gap-4`}>
      <h1 id="consent-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        The app could not be connected
      </h1>
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        {message}
      </p>
      {details && (
        <details className="text-sm text-slate-700">
          <summary className="flex min-h-11 cursor-pointer items-center font-medium">Details</summary>
          <p className="wrap-anywhere">{details}</p>
        </details>
      )}
      <div>
        {back ? (
          // A plain link: the app's address is another site, or a program on this computer.
          <a href={back} className={buttonClass('primary', 'md', ACTION)}>
            Return to the app
          </a>
        ) : (
          <ButtonLink href="/" className={ACTION}>
            Go to the home page
          </ButtonLink>
        )}
      </div>
    </section>
  );
}

/**
 * Who asks. An app that registered itself gave its own name: marked Unverified. One whose client ID
 * is an address on its own website (a Client ID Metadata Document) is that website's: its domain is
 * shown as the thing to trust.
 */
function AppIdentity({ client }: { client: ConsentDetails['client'] }) {
  const badge = 'rounded-full px-2 py-0.5 text-xs font-semibold';
  return (
    <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-4">
      <Bot aria-hidden className="mt-0.5 size-6 shrink-0 text-slate-500" />
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
          <span className="wrap-anywhere">{client.name}</span>
          {!client.domain && <span className={`${badge} bg-amber-100 text-amber-900`}>Unverified</span>}
        </p>
        {client.domain ? (
          <>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-800">
              <span>
                From <strong className="wrap-anywhere">{client.domain}</strong>
              </span>
              <span className={`${badge} bg-emerald-100 text-emerald-900`}>Verified domain</span>
            </p>
            <p className="text-sm text-slate-600">
              The app is identified by an address on this website: it comes from whoever runs it.
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-600">
            The name is what the app says about itself: AgentMarket has not checked it.
          </p>
        )}
      </div>
    </div>
  );
}

/** Where access goes; a program on this computer gets a warning, since any program there could have asked. */
function Destination({ client }: { client: ConsentDetails['client'] }) {
  const host = <strong className="wrap-anywhere">{client.redirectHost}</strong>;
  if (!client.loopback) return <p className="text-sm text-slate-700">Access will be sent to {host}.</p>;
  return (
    <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        Access will be sent to {host}: an app on your computer. Continue only if you just started connecting from it.
      </span>
    </p>
  );
}

type Outcome =
  { kind: 'leaving' } | { kind: 'ended'; message: string; details: string | null; redirectTo: string | null };

/** How long the page must have been in view before Allow works (docs/decisions/0042). */
const ALLOW_ARMS_AFTER_MS = 600;

/**
 * False until the page has been visible for a moment, and again whenever it is hidden: a site that
 * opens this page under the pointer (double-click-jacking: framing is already refused) cannot turn a
 * second click meant for itself into Allow.
 */
function useArmedWhileVisible(): boolean {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      setArmed(false);
      if (document.visibilityState === 'visible') timer = setTimeout(() => setArmed(true), ALLOW_ARMS_AFTER_MS);
    };
    arm();
    document.addEventListener('visibilitychange', arm);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', arm);
    };
  }, []);
  return armed;
}

function ConsentForm({ request, onSignedOut }: { request: ConsentDetails; onSignedOut: () => void }) {
  const { client } = request;
  const [scopes, setScopes] = useState<TokenScope[]>(request.scopes);
  const [limit, setLimit] = useState<SpendLimitDraft>(() => spendLimitDraft(request.spendLimit));
  const [errors, setErrors] = useState<{ scopes?: string; spendLimit?: string }>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [choice, setChoice] = useState<'allow' | 'deny' | null>(null);
  // Pending, or on the way back to the app: a second tap sends nothing.
  const decide = useSingleFlight(useDecideConsent());
  const online = useOnline();
  const busy = decide.isPending || outcome !== null;
  const armed = useArmedWhileVisible();
  const canTry = scopes.includes('try');

  if (outcome?.kind === 'ended')
    return <ConsentProblem message={outcome.message} details={outcome.details} redirectTo={outcome.redirectTo} focus />;

  const send = (allow: boolean, chosen: TokenScope[], spendLimit: number | null) => {
    if (busy) return;
    // Offline nothing is sent, nor kept to send later (the app stops waiting long before): choose again once online.
    if (!online) return setFailed(OFFLINE);
    setChoice(allow ? 'allow' : 'deny');
    setFailed(null);
    decide.mutate(
      { handle: request.handle, allow, scopes: chosen, spendLimit },
      {
        onSuccess: ({ redirectTo }) => {
          if (!isSafeRedirect(redirectTo))
            return setOutcome({
              kind: 'ended',
              ...ended("The app's return address cannot be used."),
              redirectTo: null,
            });
          setOutcome({ kind: 'leaving' });
          window.location.assign(redirectTo);
        },
        onError: (error) => {
          // Signed out meanwhile (in another tab): signing in again comes back to this request.
          if (signedOut(error)) return onSignedOut();
          // No answer at all: the connection went, or the request could not be sent.
          if (!(error instanceof ApiError))
            return setFailed(onlineManager.isOnline() ? 'Your answer could not be sent. Please try again.' : OFFLINE);
          const message = error.message;
          // Refused choices (checked before the request is used): said at their field, as the page's own checks do.
          if (message === SPEND_LIMIT_MESSAGES.invalid) return setErrors({ spendLimit: message });
          if (message === TOKEN_MESSAGES.scopesRequired) return setErrors({ scopes: SCOPES_REQUIRED });
          // Expired, used, or not valid: asking again cannot help, so there is no button to.
          if (endsRequest(error))
            return setOutcome({ kind: 'ended', ...ended(message), redirectTo: refusalRedirect(error) });
          setFailed(message);
        },
      },
    );
  };

  const onAllow = (e: FormEvent) => {
    e.preventDefault();
    const read = readSpendLimit(limit);
    const next = {
      scopes: scopes.length === 0 ? SCOPES_REQUIRED : undefined,
      // Without 'try' the app cannot spend: its limit does not matter.
      spendLimit: canTry && !read.ok ? read.message : undefined,
    };
    setErrors(next);
    if (next.scopes || next.spendLimit || !armed) return;
    send(true, scopes, canTry && read.ok ? read.limit : request.spendLimit);
  };
  // Deny never waits on the form: what was asked for, as asked.
  const onDeny = () => send(false, request.scopes, null);

  const toggle = (scope: TokenScope, on: boolean) =>
    setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));

  return (
    <section aria-labelledby="consent-heading" className={CARD}>
      <h1 id="consent-heading" className="text-2xl font-bold wrap-anywhere">
        Connect {client.name} to your AgentMarket account?
      </h1>
      <div className="mt-5 grid gap-4">
        <AppIdentity client={client} />
        <Destination client={client} />
      </div>
      <AppForm onSubmit={onAllow} className="mt-6 grid gap-5" aria-label={`Connect ${client.name}`}>
        <fieldset className="grid gap-2" aria-describedby={errors.scopes ? 'consent-scopes-error' : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-800">What it may do</legend>
          {request.scopes.map((scope) => (
            <label
              key={scope}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0"
                checked={scopes.includes(scope)}
                disabled={busy}
                onChange={(e) => toggle(scope, e.target.checked)}
              />
              <span>{TOKEN_SCOPE_TEXT[scope]}</span>
            </label>
          ))}
          {errors.scopes && (
            <p id="consent-scopes-error" role="alert" className="text-sm font-medium text-red-700">
              {errors.scopes}
            </p>
          )}
        </fieldset>
        {canTry && (
          <SpendLimitField
            id="consent-spend-limit"
            draft={limit}
            onChange={setLimit}
            error={errors.spendLimit}
            noneChoice
            hint="Tries by this app that would pass it in a calendar month (UTC) are refused. You can change it later in Settings."
          />
        )}
        <p className="text-sm text-slate-600">
          It never gets your password, and cannot change your account or buy credits. You can revoke it at any time in
          Settings, Connected apps.
        </p>
        {failed && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {failed}
          </p>
        )}
        {outcome?.kind === 'leaving' && (
          <p role="status" className="text-sm text-slate-700">
            Taking you back to {client.name}...
          </p>
        )}
        {/* In reading order on every width: Allow, the primary, first as it shows. */}
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <Button type="submit" size="lg" className={ACTION} disabled={busy || !armed} aria-busy={decide.isPending}>
            {busy && choice === 'allow' ? 'Allowing...' : 'Allow'}
          </Button>
          <Button variant="secondary" size="lg" className={ACTION} disabled={busy} onClick={onDeny}>
            {busy && choice === 'deny' ? 'Denying...' : 'Deny'}
          </Button>
        </div>
      </AppForm>
    </section>
  );
}

/**
 * The screen for /authorize's `query` (its location.search): read once; a placeholder meanwhile, the
 * server's reason if the request cannot be used, else the question. `onSignedOut`: either call found
 * the person signed out (in another tab); the page sends them to sign in and back here.
 */
export function ConsentScreen({ query, onSignedOut }: { query: string; onSignedOut: () => void }) {
  const request = useConsentRequest(query);
  const paused = usePaused(request);
  const gone = request.isError && signedOut(request.error);
  useEffect(() => {
    if (gone) onSignedOut();
  }, [gone, onSignedOut]);
  if (request.isPending && paused)
    return (
      <section aria-labelledby="consent-heading" className={CARD}>
        <h1 id="consent-heading" className="text-2xl font-bold">
          Connect an app
        </h1>
        <p role="status" className="mt-3 text-sm text-slate-700">
          You are offline. The app's request is read when you are back online.
        </p>
      </section>
    );
  if (request.isPending || gone)
    return (
      <section aria-labelledby="consent-heading" className={CARD}>
        <h1 id="consent-heading" className="text-2xl font-bold">
          Connect an app
        </h1>
        <SkeletonGroup
          label="Reading the app's request"
          className="mt-5 grid gap-4"
          shapes={['h-20 rounded-xl', 'h-5 w-2/3', 'h-24 rounded-lg', 'h-11 w-40']}
        />
      </section>
    );
  if (request.isError)
    return endsRequest(request.error) ? (
      <ConsentProblem {...ended(errorMessage(request.error, NOT_VALID))} redirectTo={refusalRedirect(request.error)} />
    ) : (
      // Not the link's fault (a server failure, no answer): the reason as it came, the app's link still good.
      <ConsentProblem
        message={
          request.error instanceof ApiError
            ? request.error.message
            : 'The request could not be read. Start connecting again from the app.'
        }
        redirectTo={refusalRedirect(request.error)}
      />
    );
  return <ConsentForm request={request.data} onSignedOut={onSignedOut} />;
}
