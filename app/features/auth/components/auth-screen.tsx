import { Info } from 'lucide-react';
import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx';
import type { SessionUser } from '#common/types.ts';
import { useConfig } from '#app/features/auth/api/get-config.ts';
import { domainBadge } from '#app/features/auth/lib/google.ts';
import { AuthProgress } from './auth-progress';
import { AuthSidePanel } from './auth-side-panel';
import { GoogleButton } from './google-button';
import { LoginForm } from './login-form';
import { LoginKindToggle, type LoginKind } from './login-kind-toggle';
import { RegisterForm } from './register-form';

const DEFAULT_STAFF_DOMAIN = 'example.cc';

const tabClass =
  'flex-1 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700';

/** Sign in / register, for customers and for staff (Internal), with Google when configured. */
export function AuthScreen({
  next = null,
  onSignedIn,
}: {
  next?: string | null;
  onSignedIn: (user: SessionUser) => void;
}) {
  const [kind, setKind] = useState<LoginKind>('customer');
  const [mode, setMode] = useState('signin');
  const [authenticating, setAuthenticating] = useState(false);
  const config = useConfig();
  const staffDomain = config.data?.staffEmailDomain ?? DEFAULT_STAFF_DOMAIN;
  const internal = kind === 'internal';

  if (authenticating) {
    return (
      <AuthProgress title="Authenticating">
        Taking you to Google to sign in. This page changes by itself in a moment.
      </AuthProgress>
    );
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-2 lg:items-start">
      <section
        aria-labelledby="auth-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <h1 id="auth-heading" className="text-2xl font-bold">
          {mode === 'signin' ? 'Sign in to AgentMarket' : 'Create your AgentMarket account'}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {mode === 'signin'
            ? 'Welcome back. Your credits and agents are waiting.'
            : 'New accounts start with 100 free credits.'}
        </p>
        {/* Sent here by an app asking to connect (/authorize): why they are signing in. */}
        {next?.startsWith('/authorize') && (
          <p className="mt-2 text-sm font-medium text-slate-800">Sign in to connect an app to your account.</p>
        )}

        <div className="mt-6">
          <LoginKindToggle kind={kind} onChange={setKind} badge={domainBadge(staffDomain)} />
        </div>
        {internal && (
          <p className="mt-3 flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              Internal sign-in is for staff. A company email address ending in <strong>@{staffDomain}</strong> is
              required.
            </span>
          </p>
        )}

        <div className="mt-6">
          <Tabs value={mode} onValueChange={setMode}>
            <TabsList variant="plain" aria-label="Sign in or register" className="flex border-b border-slate-200">
              <TabsTrigger variant="plain" value="signin" className={tabClass}>
                Sign in
              </TabsTrigger>
              <TabsTrigger variant="plain" value="register" className={tabClass}>
                Register
              </TabsTrigger>
            </TabsList>
            <TabsContent variant="plain" value="signin" className="pt-6">
              <LoginForm internal={internal} staffDomain={staffDomain} onSuccess={onSignedIn} />
            </TabsContent>
            <TabsContent variant="plain" value="register" className="pt-6">
              <RegisterForm internal={internal} staffDomain={staffDomain} next={next} />
            </TabsContent>
          </Tabs>
        </div>

        <div className="my-6 flex items-center gap-3 text-xs uppercase text-slate-600">
          <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
        </div>
        <GoogleButton config={config.data} internal={internal} next={next} onStart={() => setAuthenticating(true)} />
      </section>
      <AuthSidePanel />
    </div>
  );
}
