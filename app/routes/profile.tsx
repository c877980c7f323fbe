import { useQueryClient } from '@tanstack/react-query';
import { Coins, Inbox, LogOut, Plus, Receipt } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { SkeletonGroup } from '#app/components/ui/skeleton.tsx';
import { AgentCard } from '#app/features/agents/components/agent-card.tsx';
import { refreshSession, updateSessionUser } from '#app/features/auth/api/get-session.ts';
import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { useMyAgents } from '#app/features/my-agents/api/get-my-agents.ts';
import { MyAgentsState } from '#app/features/my-agents/components/my-agents-state.tsx';
import { AdminControls } from '#app/features/users/components/admin-controls.tsx';
import { EditProfileDialog } from '#app/features/users/components/edit-profile-dialog.tsx';
import { CreatorAvatar } from '#app/features/creators/components/creator-avatar.tsx';
import { FollowingList } from '#app/features/creators/components/following-list.tsx';
import { PublicProfileCard } from '#app/features/creators/components/public-profile-card.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { formatCount, formatDate } from '#app/lib/format.ts';
import { logout } from '#app/lib/session-actions.ts';

const ROLE_LABEL = { user: null, staff: 'Staff', admin: 'Admin' } as const;

export default function ProfilePage() {
  useDocumentTitle('Profile');
  const { user } = useRequireAuth('Please log in to view your profile');
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const agents = useMyAgents(user?.id);

  if (!user) {
    return (
      <SkeletonGroup
        label="Loading profile"
        className="mx-auto grid max-w-5xl gap-6 px-4 py-10"
        shapes={['h-40', 'h-64']}
      />
    );
  }

  const role = ROLE_LABEL[user.role];
  const operator = user.role === 'staff' || user.role === 'admin';

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10">
      <section
        aria-labelledby="profile-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
          <CreatorAvatar id={user.id} name={user.username} picture={user.profilePicture} className="size-20" />
          <div className="min-w-0 flex-1">
            <h1 id="profile-heading" className="flex flex-wrap items-center gap-2 text-2xl font-bold">
              <span className="break-all">{user.username}</span>
              {role && (
                <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
                  {role}
                </span>
              )}
            </h1>
            <p className="wrap-anywhere text-slate-600">{user.email}</p>
            {user.createdAt && <p className="mt-1 text-sm text-slate-600">Member since {formatDate(user.createdAt)}</p>}
          </div>
        </div>
        <dl className="mt-6 grid grid-cols-2 gap-3 sm:max-w-sm">
          <div className="rounded-lg bg-amber-50 p-3">
            <dt className="text-xs font-medium text-amber-900">Available credits</dt>
            <dd className="text-xl font-bold text-amber-900">{formatCount(user.credits)}</dd>
          </div>
          <div className="rounded-lg bg-slate-100 p-3">
            <dt className="text-xs font-medium text-slate-700">Credits used</dt>
            <dd className="text-xl font-bold text-slate-900">{formatCount(user.consumed)}</dd>
          </div>
        </dl>
        <div className="mt-6 flex flex-wrap gap-3">
          <EditProfileDialog user={user} onUpdated={(patch) => updateSessionUser(queryClient, patch)} />
          <ButtonLink href="/credits" variant="secondary">
            <Coins aria-hidden className="size-4" /> Buy Credits
          </ButtonLink>
          <ButtonLink href="/billing" variant="secondary">
            <Receipt aria-hidden className="size-4" /> Billing
          </ButtonLink>
          {operator && (
            <ButtonLink href="/proposals" variant="secondary">
              <Inbox aria-hidden className="size-4" /> Proposals inbox
            </ButtonLink>
          )}
          <Button
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            onClick={async () => {
              await logout(queryClient);
              navigate('/');
            }}
          >
            <LogOut aria-hidden className="size-4" /> Log out
          </Button>
        </div>
      </section>

      <PublicProfileCard
        user={user}
        onPicture={(profilePicture) => updateSessionUser(queryClient, { profilePicture })}
      />

      {user.role === 'admin' && <AdminControls onCreditsChanged={() => void refreshSession(queryClient)} />}

      <section aria-labelledby="your-agents-heading">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="your-agents-heading" className="text-2xl font-bold">
            Your Agents
          </h2>
          <ButtonLink href="/submit-agent">
            <Plus aria-hidden className="size-4" /> List your agent
          </ButtonLink>
        </div>
        <div className="mt-6">
          <MyAgentsState
            agents={agents}
            empty={
              <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
                <p className="font-semibold">No agents yet</p>
                <p className="mt-1 text-sm text-slate-600">Agents you submit appear here and in My Agents.</p>
              </div>
            }
          >
            {(list) => (
              <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {list.map((agent) => (
                  <AgentCard key={agent.id} agent={agent} />
                ))}
              </div>
            )}
          </MyAgentsState>
        </div>
      </section>

      <FollowingList />
    </div>
  );
}
