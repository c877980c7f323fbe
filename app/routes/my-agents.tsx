import { Bot, Pencil, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { SKELETONS } from '../../common/constants';
import { ButtonLink } from '../components/ui/button';
import { SkeletonGrid } from '../components/ui/skeleton';
import { AgentCard } from '../features/agents/components/agent-card';
import { useRequireAuth } from '../features/auth/hooks/use-require-auth';
import { useMyAgents } from '../features/my-agents/api/get-my-agents';
import { useDocumentTitle } from '../hooks/use-document-title';
import { plural } from '../lib/format';

export default function MyAgentsPage() {
  useDocumentTitle('My Agents');
  const { user } = useRequireAuth('You need to be logged in to view your agents');
  const agents = useMyAgents(user?.id);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">My Agents</h1>
          <p className="mt-1 text-slate-600">
            {agents.data ? `${plural(agents.data.length, 'agent')} you have listed on the marketplace.` : 'The agents you have listed on the marketplace.'}
          </p>
        </div>
        <ButtonLink href="/submit-agent">
          <Plus aria-hidden className="size-4" /> Create New Agent
        </ButtonLink>
      </div>

      <div className="mt-8">
        {!user || agents.isPending ? (
          <SkeletonGrid count={SKELETONS.categoryBrowse} label="Loading your agents" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
        ) : agents.isError ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
            Error loading your agents. Please try again later.
          </p>
        ) : agents.data.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
            <Bot aria-hidden className="size-12 text-slate-400" />
            <h2 className="mt-4 text-xl font-semibold">You haven't created any agents yet</h2>
            <p className="mt-2 max-w-md text-slate-600">List an agent, set its credit cost, and people on the marketplace can find, try and review it.</p>
            <ButtonLink href="/submit-agent" className="mt-6">
              <Plus aria-hidden className="size-4" /> Create Your First Agent
            </ButtonLink>
          </div>
        ) : (
          <>
            <h2 className="sr-only">Your agents</h2>
            <ul aria-label="Your agents" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {agents.data.map((agent) => (
                <li key={agent.id} className="flex flex-col gap-2">
                  <AgentCard agent={agent} />
                  <Link href={`/submit-agent?edit=${agent.id}`} className="inline-flex items-center gap-1.5 self-start rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
                    <Pencil aria-hidden className="size-3.5" /> Edit <span className="sr-only">{agent.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
