import { Loader2 } from 'lucide-react';
import { buttonClass } from '#app/components/ui/button.tsx';

/** 'Load More Agents': fetches the next page; hidden when every agent is loaded. */
export function LoadMoreButton({
  hasMore,
  loading,
  onLoadMore,
  className = buttonClass('secondary', 'lg'),
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  className?: string;
}) {
  if (!hasMore) return null;
  return (
    <div className="mt-10 flex justify-center">
      <button type="button" className={className} onClick={onLoadMore} disabled={loading} aria-busy={loading}>
        {loading && <Loader2 aria-hidden className="size-4 animate-spin" />}
        {loading ? 'Loading...' : 'Load More Agents'}
      </button>
    </div>
  );
}
