import type { ReactNode } from 'react';
import type { Agent } from '#common/types.ts';
import { useNewFromFollowed } from '#app/features/creators/api/follow.ts';

/**
 * The home page's 'New from creators you follow' (docs/decisions/0028): shown only when there is
 * something. `renderAgents` draws the cards (the page passes the listing's, features stay apart).
 */
export function NewFromFollowed({ renderAgents }: { renderAgents: (agents: Agent[], label: string) => ReactNode }) {
  const agents = useNewFromFollowed(true);
  if (!agents.data?.length) return null;
  return (
    <section aria-labelledby="new-from-followed" className="mx-auto max-w-7xl px-4 py-10">
      <h2 id="new-from-followed" className="text-2xl font-bold sm:text-3xl">
        New from creators you follow
      </h2>
      <div className="mt-6">{renderAgents(agents.data, 'New agents from creators you follow')}</div>
    </section>
  );
}
