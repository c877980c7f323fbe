import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { OnThisDevice } from '#app/components/pwa/on-this-device.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { SkeletonGrid } from '#app/components/ui/skeleton.tsx';
import { TitledSection } from '#app/components/ui/titled-section.tsx';
import { updateSessionUser } from '#app/features/auth/api/get-session.ts';
import { AccountSecurity } from '#app/features/auth/components/account-security.tsx';
import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { useConfig } from '#app/features/auth/api/get-config.ts';
import { ConnectAssistant } from '#app/features/connections/components/connect-assistant.tsx';
import { ConnectedApps } from '#app/features/connections/components/connected-apps.tsx';
import { WhereSignedIn } from '#app/features/sessions/components/where-signed-in.tsx';
import { ApiTokenRows } from '#app/features/tokens/components/api-token-rows.tsx';
import { ApiTokensSettings } from '#app/features/tokens/components/api-tokens-settings.tsx';
import { EditProfileDialog } from '#app/features/users/components/edit-profile-dialog.tsx';
import { PreferenceToggles } from '#app/features/users/components/preference-toggles.tsx';
import { resetPreferences } from '#app/features/users/lib/preferences.ts';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { formatDate } from '#app/lib/format.ts';
import { logout } from '#app/lib/session-actions.ts';

const ROLE_TEXT = { user: 'Customer', staff: 'Staff (internal)', admin: 'Administrator' } as const;

/** The parts of Settings in their order: heading and what each is for, by id (its address, `/settings#where-you-are-signed-in`). */
const PARTS = {
  'settings-account': {
    title: 'Account',
    description: 'These details identify you on the marketplace. Your email is never shown to other users.',
  },
  'where-you-are-signed-in': {
    title: 'Where you are signed in',
    description:
      'Every browser signed in to your account and every API token that can act for it (apps you connected are under Connected apps). Sign out or revoke anything you do not recognise, then change your password.',
  },
  'settings-security': { title: 'Password and sign-in', description: 'Your password and your email address.' },
  'settings-connected-apps': {
    title: 'Connected apps',
    description:
      'Assistants and other apps you allowed to act for your account (through MCP), each with what it spent this month against its monthly spending limit.',
  },
  'settings-api-tokens': {
    title: 'API tokens',
    description:
      'Personal tokens let your own programs and AI assistants (through MCP) search agents, read your balance and, if you allow it, try agents with your credits.',
  },
  'settings-display': {
    title: 'Display',
    description: 'Saved in this browser only; other devices keep their own choice.',
  },
  'settings-device': {
    title: 'On this device',
    description:
      "To work offline, AgentMarket keeps the agents, ratings and categories you have seen in this browser's storage, and the proposals you made until they are sent. Clearing saved data frees space; everything is downloaded again when you next browse.",
  },
  'settings-session': {
    title: 'Sign out',
    description:
      'Ends your session on this device and removes your private data (balance, history, your agents) from it.',
  },
} as const;

const PART_LOOK = {
  section: 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6',
  title: 'text-lg font-semibold',
};

/** A part of Settings; `id` is its address (the page's scroll padding keeps it clear of the sticky header). */
function Section({ id, children }: { id: keyof typeof PARTS; children: ReactNode }) {
  const { title, description } = PARTS[id];
  return (
    <TitledSection id={id} title={title} look={PART_LOOK} anchored>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-5">{children}</div>
    </TitledSection>
  );
}

/**
 * A link to a part of Settings (mail names `#where-you-are-signed-in`: docs/decisions/0038) is
 * followed once the parts are on screen: they appear after the session is known, when the browser
 * has long looked for the part and found nothing.
 */
function useScrollToPart(ready: boolean) {
  useEffect(() => {
    if (!ready || window.location.hash.length < 2) return;
    document.getElementById(window.location.hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [ready]);
}

export default function SettingsPage() {
  useDocumentTitle('Settings');
  const { user } = useRequireAuth('Please log in to change your settings');
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const config = useConfig();
  useScrollToPart(Boolean(user));

  if (!user) {
    return (
      <SkeletonGrid
        count={2}
        label="Loading settings"
        className="mx-auto grid max-w-3xl gap-6 px-4 py-10"
        itemClassName="h-48 rounded-2xl"
      />
    );
  }

  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold">Settings</h1>
        <p className="mt-1 text-slate-600">Your account and how AgentMarket behaves on this device.</p>
      </div>

      <Section id="settings-account">
        <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-slate-700">Username</dt>
          <dd className="break-all">{user.username}</dd>
          <dt className="font-medium text-slate-700">Email</dt>
          <dd className="wrap-anywhere">{user.email}</dd>
          <dt className="font-medium text-slate-700">Account type</dt>
          <dd>{ROLE_TEXT[user.role]}</dd>
          {user.createdAt && (
            <>
              <dt className="font-medium text-slate-700">Member since</dt>
              <dd>{formatDate(user.createdAt)}</dd>
            </>
          )}
        </dl>
        <div className="mt-5">
          <EditProfileDialog user={user} onUpdated={(patch) => updateSessionUser(queryClient, patch)} />
        </div>
      </Section>

      <Section id="where-you-are-signed-in">
        <WhereSignedIn>{(onRemoved) => <ApiTokenRows onRemoved={onRemoved} />}</WhereSignedIn>
      </Section>

      <Section id="settings-security">
        <AccountSecurity user={user} />
      </Section>

      <Section id="settings-connected-apps">
        <div className="grid gap-8">
          <ConnectedApps />
          <ConnectAssistant config={config} />
        </div>
      </Section>

      <Section id="settings-api-tokens">
        <ApiTokensSettings />
      </Section>

      <Section id="settings-display">
        <PreferenceToggles />
      </Section>

      <Section id="settings-device">
        <OnThisDevice onClear={resetPreferences} />
      </Section>

      <Section id="settings-session">
        <Button
          variant="danger"
          onClick={async () => {
            await logout(queryClient);
            navigate('/');
          }}
        >
          <LogOut aria-hidden className="size-4" /> Log out
        </Button>
      </Section>
    </div>
  );
}
