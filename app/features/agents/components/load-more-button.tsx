import { Loader2 } from 'lucide-react';
import { buttonClass } from '#app/components/ui/button.tsx';

/** The part of a paged (infinite) query the button reads. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** 'Load More Agents': fetches the query's next page; hidden when every agent is loaded. */
export function LoadMoreButton({
  query,
  className = buttonClass('secondary', 'lg'),
}: {
  query: PagedQuery;
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  const loading = query.isFetchingNextPage;
  return (
    <div className="mt-10 flex justify-center">
      <button
        type="button"
        className={className}
        onClick={() => void query.fetchNextPage()}
        disabled={loading}
        aria-busy={loading}
      >
        {loading && <Loader2 aria-hidden className="size-4 animate-spin" />}
        {loading ? 'Loading...' : 'Load More Agents'}
      </button>
    </div>
  );
}
