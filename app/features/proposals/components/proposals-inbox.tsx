import { Check, ChevronLeft, ChevronRight, Inbox, Mail } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'wouter';
import type { Proposal } from '#common/types.ts';
import { Button } from '#app/components/ui/button.tsx';
import { SkeletonGrid } from '#app/components/ui/skeleton.tsx';
import { toast, toastError } from '#app/hooks/use-toast.ts';
import { formatCount, formatDate, plural } from '#app/lib/format.ts';
import { useProposals } from '#app/features/proposals/api/get-proposals.ts';
import type { ProposalInboxParams } from '#app/features/proposals/api/keys.ts';
import { useMarkProposalReviewed } from '#app/features/proposals/api/review-proposal.ts';

/** Proposals per inbox page. */
export const INBOX_PAGE_SIZE = 20;

type Filter = 'all' | 'new' | 'reviewed';
const FILTERS: { value: Filter; label: string; noun: string; empty: string }[] = [
  { value: 'all', label: 'All', noun: 'proposal', empty: 'No proposals yet' },
  { value: 'new', label: 'New', noun: 'new proposal', empty: 'No new proposals' },
  { value: 'reviewed', label: 'Reviewed', noun: 'reviewed proposal', empty: 'No reviewed proposals' },
];

/**
 * The inbox's view from the URL (`?status=all|reviewed&page=2`), so it can be shared and bookmarked:
 * New and page 1 by default, anything unknown falls back to them.
 */
export function inboxView(search: URLSearchParams): { filter: Filter; page: number } {
  const status = search.get('status');
  const filter: Filter = status === 'all' || status === 'reviewed' ? status : 'new';
  const page = Number(search.get('page'));
  return { filter, page: Number.isSafeInteger(page) && page > 1 ? page : 1 };
}

function ProposalItem({ proposal }: { proposal: Proposal }) {
  const review = useMarkProposalReviewed();
  const reviewed = proposal.status === 'reviewed';
  return (
    <li>
      <article
        aria-labelledby={`proposal-${proposal.id}`}
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={`proposal-${proposal.id}`} className="break-words text-lg font-semibold">
              {proposal.name}
            </h2>
            <p className="text-sm text-slate-600">
              {formatDate(proposal.createdAt)} · from {proposal.proposerName}
              {proposal.proposerEmail && proposal.proposerEmail !== 'Not provided' && (
                <>
                  {' '}
                  (
                  <a
                    className="inline-flex items-center gap-1 break-all text-brand-700 hover:underline"
                    href={`mailto:${proposal.proposerEmail}`}
                  >
                    <Mail aria-hidden className="size-3.5" />
                    {proposal.proposerEmail}
                  </a>
                  )
                </>
              )}
            </p>
          </div>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${reviewed ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}
          >
            {reviewed ? 'Reviewed' : 'New'}
          </span>
        </div>
        <p className="mt-3 whitespace-pre-line break-words text-sm text-slate-700">{proposal.description}</p>
        {reviewed ? (
          proposal.reviewedAt && (
            <p className="mt-3 text-xs text-slate-600">Reviewed {formatDate(proposal.reviewedAt)}</p>
          )
        ) : (
          <Button
            size="sm"
            variant="secondary"
            className="mt-4"
            disabled={review.isPending}
            aria-label={`Mark reviewed: ${proposal.name}`}
            onClick={() =>
              review.mutate(proposal.id, {
                onSuccess: () =>
                  toast({ title: 'Proposal reviewed', description: `“${proposal.name}” is marked as reviewed.` }),
                onError: (error) => toastError('Update failed', error, 'Could not update the proposal'),
              })
            }
          >
            <Check aria-hidden className="size-4" /> {review.isPending ? 'Saving...' : 'Mark reviewed'}
          </Button>
        )}
      </article>
    </li>
  );
}

/** The operators' inbox (docs/product.md#proposals): filtered by status and paged on the server. */
export function ProposalsInbox() {
  const [search, setSearch] = useSearchParams();
  const { filter, page } = inboxView(search);
  const params: ProposalInboxParams = {
    status: filter === 'all' ? undefined : filter,
    limit: INBOX_PAGE_SIZE,
    offset: (page - 1) * INBOX_PAGE_SIZE,
  };
  const query = useProposals(params);
  const { data, isPending, isError, isPlaceholderData } = query;
  const total = data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));

  const show = (next: { filter?: Filter; page?: number }, replace = false) =>
    setSearch(
      (prev) => {
        const url = new URLSearchParams(prev);
        const nextFilter = next.filter ?? filter;
        if (nextFilter === 'new') url.delete('status');
        else url.set('status', nextFilter);
        const nextPage = next.page ?? 1;
        if (nextPage > 1) url.set('page', String(nextPage));
        else url.delete('page');
        return url;
      },
      { replace },
    );

  // A page past the end (the last items were just reviewed, or an old link): go to the last page.
  const pastTheEnd = Boolean(data && !isPlaceholderData && data.items.length === 0 && page > lastPage);
  useEffect(() => {
    if (pastTheEnd) show({ page: lastPage }, true);
    // `show` is rebuilt each render; the page and last page decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pastTheEnd, lastPage]);

  const current = FILTERS.find((f) => f.value === filter)!;
  const filterButton = ({ value, label }: (typeof FILTERS)[number]) => (
    <button
      key={value}
      type="button"
      aria-pressed={filter === value}
      onClick={() => show({ filter: value })}
      className={`rounded-md px-3 py-1.5 text-sm font-medium ${filter === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900'}`}
    >
      {label}
    </button>
  );
  const goTo = (next: number) => {
    show({ page: next });
    window.scrollTo({ top: 0 });
  };

  let list;
  if (isPending)
    list = <SkeletonGrid count={3} label="Loading proposals" className="grid gap-4" itemClassName="h-36" />;
  else if (isError && !data)
    list = (
      <p className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        Error loading proposals. Please try again later.
      </p>
    );
  else if (data.items.length === 0)
    list = (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <Inbox aria-hidden className="size-10 text-slate-400" />
        <p className="mt-3 font-medium">{current.empty}</p>
        <p className="text-sm text-slate-600">Ideas sent from the Propose Agent page appear here.</p>
      </div>
    );
  else {
    const from = params.offset + 1;
    const to = params.offset + data.items.length;
    list = (
      <>
        <p role="status" className="text-sm text-slate-700">
          Showing {formatCount(data.items.length)} of {plural(total, current.noun)}
          {lastPage > 1 && ` (${formatCount(from)}–${formatCount(to)})`}
        </p>
        <ul
          aria-busy={isPlaceholderData}
          className={`grid gap-4 ${isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
        >
          {data.items.map((p) => (
            <ProposalItem key={p.id} proposal={p} />
          ))}
        </ul>
        {lastPage > 1 && (
          <nav aria-label="Inbox pages" className="flex items-center justify-between gap-3">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              <ChevronLeft aria-hidden className="size-4" /> Previous
            </Button>
            <span className="text-sm text-slate-700">
              Page {formatCount(Math.min(page, lastPage))} of {formatCount(lastPage)}
            </span>
            <Button variant="secondary" size="sm" disabled={page >= lastPage} onClick={() => goTo(page + 1)}>
              Next <ChevronRight aria-hidden className="size-4" />
            </Button>
          </nav>
        )}
      </>
    );
  }

  return (
    <div className="grid gap-4">
      <div role="group" aria-label="Show" className="flex w-fit gap-1 rounded-lg bg-slate-100 p-1">
        {FILTERS.map(filterButton)}
      </div>
      {list}
    </div>
  );
}
