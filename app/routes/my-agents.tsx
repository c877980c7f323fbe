import { Bot, Plus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx';
import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { useMyAgentsConsole } from '#app/features/my-agents/api/get-console.ts';
import { ConsoleAgents } from '#app/features/my-agents/components/console-agents.tsx';
import { ConsoleTotals } from '#app/features/my-agents/components/console-totals.tsx';
import { positiveParam, useUrlParams } from '#app/features/agents/hooks/use-url-params.ts';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { LOADS_IN_APP } from '#app/lib/app-start.ts';
import { plural } from '#app/lib/format.ts';

// The Insights tab's charts and earnings are loaded only when that tab opens (docs/decisions/0029).
const InsightsPanel = lazy(() => import('#app/features/insights/components/insights-panel.tsx'));
const EarningsCard = lazy(() =>
  import('#app/features/earnings/components/earnings-card.tsx').then((m) => ({ default: m.EarningsCard })),
);

type MyAgentsTab = 'agents' | 'insights';

/** The one name of the action that lists a new agent, wherever the app offers it. */
const LIST_YOUR_AGENT = 'List your agent';

const loadFailed = (
  <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
    Error loading your agents. Please try again later.
  </p>
);

/** The console as it loads: the totals' and the rows' places held. */
function ConsoleSkeleton() {
  return (
    <div role="status" aria-label="Loading your agents" className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-20 rounded-xl" />
        ))}
      </div>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-44 rounded-xl lg:h-20" />
      ))}
    </div>
  );
}

export default function MyAgentsPage() {
  useDocumentTitle('My Agents');
  const { user } = useRequireAuth('You need to be logged in to view your agents');
  // Signed out, the query waits (pending) for a user.
  const agentsConsole = useMyAgentsConsole(Boolean(user));
  const list = agentsConsole.data?.agents;
  // The tab and the agent are in the URL: an agent's insights can be linked and survive a reload.
  const [params, setParams] = useUrlParams();
  const tab: MyAgentsTab = params.get('tab') === 'insights' ? 'insights' : 'agents';
  const asked = positiveParam(params.get('agent'));
  const insightsAgent = list?.find((a) => a.id === asked) ?? list?.[0];

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">My Agents</h1>
          <p className="mt-1 text-slate-600">
            {list
              ? `${plural(list.length, 'agent')} you have listed on the marketplace.`
              : 'The agents you have listed on the marketplace.'}
          </p>
        </div>
        {/* With none yet, the empty state's own button is the one action on the page. */}
        {list && list.length > 0 && (
          <ButtonLink href="/submit-agent" className="min-h-11">
            <Plus aria-hidden className="size-4" /> {LIST_YOUR_AGENT}
          </ButtonLink>
        )}
      </div>

      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value === 'insights' ? 'insights' : null })}>
        <TabsList aria-label="My Agents" className="mt-6 w-fit max-w-full">
          <TabsTrigger value="agents">Agents</TabsTrigger>
          <TabsTrigger value="insights">Insights</TabsTrigger>
        </TabsList>
        <TabsContent value="agents" variant="plain" className="mt-6">
          {agentsConsole.isPending ? (
            <ConsoleSkeleton />
          ) : agentsConsole.isError ? (
            loadFailed
          ) : agentsConsole.data.agents.length === 0 ? (
            <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
              <Bot aria-hidden className="size-12 text-slate-400" />
              <h2 className="mt-4 text-xl font-semibold">You haven't listed an agent yet</h2>
              <p className="mt-2 max-w-md text-slate-600">
                List an agent, set its credit cost, and people on the marketplace can find, try and review it. Its
                tries, earnings and reviews then show here.
              </p>
              <ButtonLink href="/submit-agent" className="mt-6 min-h-11">
                <Plus aria-hidden className="size-4" /> {LIST_YOUR_AGENT}
              </ButtonLink>
            </div>
          ) : (
            <div className="grid gap-6">
              <ConsoleTotals totals={agentsConsole.data.totals} />
              <section aria-labelledby="console-agents">
                <h2 id="console-agents" className="sr-only">
                  Your agents
                </h2>
                <ConsoleAgents agents={agentsConsole.data.agents} />
              </section>
            </div>
          )}
        </TabsContent>
        <TabsContent value="insights" variant="plain" className="mt-6">
          <Suspense
            fallback={
              <div
                role="status"
                aria-label="Loading insights"
                {...LOADS_IN_APP}
                className="h-40 animate-pulse rounded-xl bg-slate-100"
              />
            }
          >
            <EarningsCard />
            {agentsConsole.isError ? (
              <div className="mt-6">{loadFailed}</div>
            ) : insightsAgent ? (
              <InsightsPanel
                agents={list!.map((a) => ({ id: a.id, name: a.name }))}
                agentId={insightsAgent.id}
                onAgentChange={(id) => setParams({ tab: 'insights', agent: id })}
              />
            ) : list ? (
              <p className="mt-6 text-slate-600">Insights appear here once you list an agent and people try it.</p>
            ) : null}
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}
