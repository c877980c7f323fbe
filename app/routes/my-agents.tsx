import { BarChart3, Bot, Pencil, Plus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx';
import { AgentCard } from '#app/features/agents/components/agent-card.tsx';
import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { useMyAgents } from '#app/features/my-agents/api/get-my-agents.ts';
import { MyAgentsState } from '#app/features/my-agents/components/my-agents-state.tsx';
import { positiveParam, useUrlParams } from '#app/features/agents/hooks/use-url-params.ts';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { plural } from '#app/lib/format.ts';

// The Insights tab's charts and earnings are loaded only when that tab opens (docs/decisions/0029).
const InsightsPanel = lazy(() => import('#app/features/insights/components/insights-panel.tsx'));
const EarningsCard = lazy(() =>
  import('#app/features/earnings/components/earnings-card.tsx').then((m) => ({ default: m.EarningsCard })),
);

type MyAgentsTab = 'agents' | 'insights';

export default function MyAgentsPage() {
  useDocumentTitle('My Agents');
  const { user } = useRequireAuth('You need to be logged in to view your agents');
  const agents = useMyAgents(user?.id);
  // The tab and the agent are in the URL: an agent's insights can be linked and survive a reload.
  const [params, setParams] = useUrlParams();
  const tab: MyAgentsTab = params.get('tab') === 'insights' ? 'insights' : 'agents';
  const asked = positiveParam(params.get('agent'));
  const insightsAgent = agents.data?.find((a) => a.id === asked) ?? agents.data?.[0];

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">My Agents</h1>
          <p className="mt-1 text-slate-600">
            {agents.data
              ? `${plural(agents.data.length, 'agent')} you have listed on the marketplace.`
              : 'The agents you have listed on the marketplace.'}
          </p>
        </div>
        <ButtonLink href="/submit-agent">
          <Plus aria-hidden className="size-4" /> Create New Agent
        </ButtonLink>
      </div>

      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value === 'insights' ? 'insights' : null })}>
        <TabsList aria-label="My Agents" className="mt-6 w-fit max-w-full">
          <TabsTrigger value="agents">Agents</TabsTrigger>
          <TabsTrigger value="insights">Insights</TabsTrigger>
        </TabsList>
        <TabsContent value="agents" variant="plain" className="mt-6">
          {/* Signed out, the query waits (pending) for a user. */}
          <MyAgentsState
            agents={agents}
            empty={
              <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
                <Bot aria-hidden className="size-12 text-slate-400" />
                <h2 className="mt-4 text-xl font-semibold">You haven't created any agents yet</h2>
                <p className="mt-2 max-w-md text-slate-600">
                  List an agent, set its credit cost, and people on the marketplace can find, try and review it.
                </p>
                <ButtonLink href="/submit-agent" className="mt-6">
                  <Plus aria-hidden className="size-4" /> Create Your First Agent
                </ButtonLink>
              </div>
            }
          >
            {(list) => (
              <>
                <h2 className="sr-only">Your agents</h2>
                <ul aria-label="Your agents" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {list.map((agent) => (
                    <li key={agent.id} className="flex flex-col gap-2">
                      <AgentCard agent={agent} />
                      <div className="flex flex-wrap gap-2">
                        <Link
                          href={`/submit-agent?edit=${agent.id}`}
                          className="inline-flex items-center gap-1.5 self-start rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
                        >
                          <Pencil aria-hidden className="size-3.5" /> Edit <span className="sr-only">{agent.name}</span>
                        </Link>
                        <Link
                          href={`/my-agents?tab=insights&agent=${agent.id}`}
                          className="inline-flex items-center gap-1.5 self-start rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
                        >
                          <BarChart3 aria-hidden className="size-3.5" /> Insights{' '}
                          <span className="sr-only">of {agent.name}</span>
                        </Link>
                      </div>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </MyAgentsState>
        </TabsContent>
        <TabsContent value="insights" variant="plain" className="mt-6">
          <Suspense
            fallback={
              <div role="status" aria-label="Loading insights" className="h-40 animate-pulse rounded-xl bg-slate-100" />
            }
          >
            <EarningsCard />
            {agents.isError ? (
              <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
                Error loading your agents. Please try again later.
              </p>
            ) : insightsAgent ? (
              <InsightsPanel
                agents={agents.data!.map((a) => ({ id: a.id, name: a.name }))}
                agentId={insightsAgent.id}
                onAgentChange={(id) => setParams({ tab: 'insights', agent: id })}
              />
            ) : agents.data ? (
              <p className="mt-6 text-slate-600">Insights appear here once you list an agent and people try it.</p>
            ) : null}
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}
