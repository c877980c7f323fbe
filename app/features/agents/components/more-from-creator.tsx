import { MORE_FROM_CREATOR } from '#common/creators.ts';
import type { Agent } from '#common/types.ts';
import { useMoreFromCreator } from '#app/features/agents/api/get-more-from-creator.ts';
import { AgentList } from './agent-list';
import { CreatorLink } from './creator-link';

/** The agent page's 'More from this creator': up to six of their other agents; nothing when there are none. */
export function MoreFromCreator({ agent }: { agent: Agent }) {
  const more = useMoreFromCreator(agent.creatorId);
  const others = (more.data ?? []).filter((a) => a.id !== agent.id).slice(0, MORE_FROM_CREATOR);
  if (!agent.creatorUsername || others.length === 0) return null;
  return (
    <section aria-labelledby="more-from-creator" className="mt-12 border-t border-slate-200 pt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="more-from-creator" className="text-2xl font-bold">
          More from this creator
        </h2>
        <p className="text-sm text-slate-600">
          All agents by <CreatorLink username={agent.creatorUsername} />
        </p>
      </div>
      <div className="mt-6">
        <AgentList agents={others} label={`Other agents by ${agent.creatorUsername}`} />
      </div>
    </section>
  );
}
