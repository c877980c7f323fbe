import { CalendarDays, ExternalLink } from 'lucide-react';
import { useParams } from 'wouter';
import { CREATOR_SORTS, creatorName, type CreatorPage, type CreatorSort } from '#common/creators.ts';
import { Facts, type FactsLook } from '#app/components/ui/facts.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { AgentGridSkeleton, AgentList } from '#app/features/agents/components/agent-list.tsx';
import { PageState } from '#app/features/agents/components/page-state.tsx';
import { BROWSE_SORTS, SortSelect } from '#app/features/agents/components/sort-select.tsx';
import { useUrlParams } from '#app/features/agents/hooks/use-url-params.ts';
import { useSession } from '#app/features/auth/api/get-session.ts';
import { useCreatorPage } from '#app/features/creators/api/get-creator.ts';
import { CreatorAvatar } from '#app/features/creators/components/creator-avatar.tsx';
import { FollowButton } from '#app/features/creators/components/follow-button.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { usePaused } from '#app/hooks/use-paused.ts';
import { LocalTime } from '#app/components/ui/local-time.tsx';
import { formatCount, formatRating, plural } from '#app/lib/format.ts';
import NotFoundPage from './not-found';

const STATS_LOOK: FactsLook = {
  list: 'mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4',
  row: 'rounded-lg bg-slate-50 p-3',
  term: 'text-xs font-medium text-slate-600',
  detail: 'text-lg font-bold text-slate-900',
};

const parseSort = (value: string | null): CreatorSort =>
  (CREATOR_SORTS as readonly string[]).includes(value ?? '') ? (value as CreatorSort) : 'popular';

/** A creator's public page, /creators/{username} (docs/product.md#creators-and-earnings, docs/decisions/0028). */
export default function CreatorRoute() {
  const { username = '' } = useParams<{ username: string }>();
  const [params, update] = useUrlParams();
  const sort = parseSort(params.get('sort'));
  const page = useCreatorPage(username, sort);
  const paused = usePaused(page);
  useDocumentTitle(page.data ? creatorName(page.data.creator) : page.data === null ? 'Page Not Found' : null);

  if (page.data === null) return <NotFoundPage />;
  if (!page.data) {
    return (
      <PageState
        query={page}
        paused={paused}
        what="this creator's page"
        failed="This creator could not be loaded"
        loading={
          <div role="status" aria-label="Loading creator" className="mx-auto grid max-w-7xl gap-6 px-4 py-10">
            <Skeleton className="h-40" />
            <AgentGridSkeleton count={3} grid="large" itemClassName="h-64" />
          </div>
        }
      />
    );
  }
  return <Creator data={page.data} sort={sort} onSort={(next) => update({ sort: next === 'popular' ? null : next })} />;
}

function Creator({
  data,
  sort,
  onSort,
}: {
  data: CreatorPage;
  sort: CreatorSort;
  onSort: (sort: CreatorSort) => void;
}) {
  const { user } = useSession();
  const { creator, totals, agents } = data;
  const name = creatorName(creator);
  const stats: [string, string][] = [
    ['Agents listed', formatCount(totals.agents)],
    ['Tries served', formatCount(totals.tries)],
    ['Average rating', totals.rating === null ? 'No reviews yet' : `${formatRating(totals.rating)} / 5`],
    ['Reviews received', formatCount(totals.reviews)],
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <section
        aria-labelledby="creator-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <CreatorAvatar
            id={creator.id}
            name={name}
            picture={creator.profilePicture}
            eager
            className="size-24 sm:size-28"
          />
          <div className="min-w-0 flex-1">
            <h1 id="creator-heading" className="break-words text-3xl font-bold tracking-tight">
              {name}
            </h1>
            {creator.displayName && <p className="text-slate-600">@{creator.username}</p>}
            {creator.bio && (
              <p className="mt-3 max-w-2xl whitespace-pre-line break-words text-slate-800">{creator.bio}</p>
            )}
            <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600">
              {creator.website && (
                <a
                  href={creator.website}
                  rel="nofollow ugc noopener"
                  target="_blank"
                  className="inline-flex min-h-11 items-center gap-1 break-all font-medium text-brand-700 hover:underline"
                >
                  <ExternalLink aria-hidden className="size-4 shrink-0" />
                  {creator.website.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '')}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              )}
              <span className="inline-flex items-center gap-1">
                <CalendarDays aria-hidden className="size-4" /> Joined <LocalTime value={creator.createdAt} />
              </span>
            </div>
            <div className="mt-4">
              <FollowButton
                username={creator.username}
                creatorId={creator.id}
                followers={totals.followers}
                viewerId={user?.id ?? null}
              />
            </div>
          </div>
        </div>
        <Facts rows={stats} look={STATS_LOOK} />
      </section>

      <section aria-labelledby="creator-agents-heading" className="mt-10">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="creator-agents-heading" className="text-2xl font-bold">
              Agents by {name}
            </h2>
            <p className="text-sm text-slate-600">
              {agents.length < totals.agents
                ? `Showing ${agents.length} of ${plural(totals.agents, 'agent')}`
                : plural(totals.agents, 'agent')}
            </p>
          </div>
          {agents.length > 1 && (
            <SortSelect id="creator-sort" options={BROWSE_SORTS} value={sort} onChange={onSort} className="w-48" />
          )}
        </div>
        <div className="mt-6">
          {agents.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
              {name} has not listed any agents yet.
            </p>
          ) : (
            <AgentList agents={agents} label={`Agents by ${name}`} />
          )}
        </div>
      </section>
    </div>
  );
}
