import { Check, Inbox, Mail } from 'lucide-react';
import { useState } from 'react';
import type { Proposal } from '../../../../common/types';
import { Button } from '../../../components/ui/button';
import { SkeletonGrid } from '../../../components/ui/skeleton';
import { toast } from '../../../hooks/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useProposals } from '../api/get-proposals';
import { useMarkProposalReviewed } from '../api/review-proposal';

type Filter = 'new' | 'all';

function ProposalItem({ proposal }: { proposal: Proposal }) {
  const review = useMarkProposalReviewed();
  const reviewed = proposal.status === 'reviewed';
  return (
    <li>
      <article aria-labelledby={`proposal-${proposal.id}`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
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
                  <a className="inline-flex items-center gap-1 break-all text-brand-700 hover:underline" href={`mailto:${proposal.proposerEmail}`}>
                    <Mail aria-hidden className="size-3.5" />
                    {proposal.proposerEmail}
                  </a>
                  )
                </>
              )}
            </p>
          </div>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${reviewed ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}>
            {reviewed ? 'Reviewed' : 'New'}
          </span>
        </div>
        <p className="mt-3 whitespace-pre-line break-words text-sm text-slate-700">{proposal.description}</p>
        {reviewed ? (
          proposal.reviewedAt && <p className="mt-3 text-xs text-slate-600">Reviewed {formatDate(proposal.reviewedAt)}</p>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            className="mt-4"
            disabled={review.isPending}
            aria-label={`Mark reviewed: ${proposal.name}`}
            onClick={() =>
              review.mutate(proposal.id, {
                onSuccess: () => toast({ title: 'Proposal reviewed', description: `“${proposal.name}” is marked as reviewed.` }),
                onError: (error) => toast({ title: 'Update failed', description: errorMessage(error, 'Could not update the proposal'), variant: 'destructive' }),
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

/** The operators' inbox (DESIGN decision 10). */
export function ProposalsInbox() {
  const [filter, setFilter] = useState<Filter>('new');
  const { data, isPending, isError } = useProposals(true);
  if (isPending) return <SkeletonGrid count={3} label="Loading proposals" className="grid gap-4" itemClassName="h-36" />;
  if (isError) return <p className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">Error loading proposals. Please try again later.</p>;

  const newCount = data.filter((p) => p.status === 'new').length;
  const shown = filter === 'new' ? data.filter((p) => p.status === 'new') : data;
  const filterButton = (value: Filter, label: string) => (
    <button
      type="button"
      aria-pressed={filter === value}
      onClick={() => setFilter(value)}
      className={`rounded-md px-3 py-1.5 text-sm font-medium ${filter === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900'}`}
    >
      {label}
    </button>
  );

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          {newCount} new · {data.length} total
        </p>
        <div role="group" aria-label="Show" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {filterButton('new', 'New')}
          {filterButton('all', 'All')}
        </div>
      </div>
      {shown.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <Inbox aria-hidden className="size-10 text-slate-400" />
          <p className="mt-3 font-medium">{filter === 'new' ? 'No new proposals' : 'No proposals yet'}</p>
          <p className="text-sm text-slate-600">Ideas sent from the Propose Agent page appear here.</p>
        </div>
      ) : (
        <ul className="grid gap-4">
          {shown.map((p) => (
            <ProposalItem key={p.id} proposal={p} />
          ))}
        </ul>
      )}
    </div>
  );
}
