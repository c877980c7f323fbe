import { Bot, Printer } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { Facts, type FactsLook } from '#app/components/ui/facts.tsx';
import { NoticeCard } from '#app/components/ui/notice-card.tsx';
import { SkeletonGroup } from '#app/components/ui/skeleton.tsx';
import { ApiError, errorMessage } from '#app/lib/api-client.ts';
import { formatCents, formatCount, formatDateTime } from '#app/lib/format.ts';
import { useReceipt } from '#app/features/credits/api/get-receipt.ts';

const LINES_LOOK: FactsLook = {
  list: 'mt-4 divide-y divide-slate-200 border-y border-slate-200',
  row: 'grid gap-0.5 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4',
  term: 'text-sm text-slate-600',
  detail: 'min-w-0 break-words font-medium text-slate-900',
};

/** Unknown, malformed or someone else's id: the same answer, so a receipt's existence is not told. */
function ReceiptMissing({ error }: { error: unknown }) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <NoticeCard
      as="h1"
      title={missing ? 'Receipt not found' : 'Receipt unavailable'}
      className="p-6 sm:p-8"
      titleClassName="text-2xl font-bold"
      back={{ href: '/billing', label: 'Back to Billing' }}
    >
      {missing
        ? 'This receipt does not exist or belongs to another account.'
        : errorMessage(error, 'Please try again later.')}
    </NoticeCard>
  );
}

/**
 * A purchase's receipt: what was bought, what it cost, when, by whom and the payment's reference.
 * `data-print-root` makes it the one thing printed (app/styles.css).
 */
export function ReceiptView({ id }: { id: string }) {
  const { data, isPending, isError, error } = useReceipt(id);
  if (isPending) {
    return (
      <SkeletonGroup
        label="Loading receipt"
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6"
        shapes={['h-8 w-1/2', 'h-48']}
      />
    );
  }
  if (isError) return <ReceiptMissing error={error} />;
  const paidAt = new Date(data.paidAt);
  return (
    <article
      data-print-root
      aria-labelledby="receipt-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 print:border-0 print:p-0 print:shadow-none"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="flex items-center gap-2 font-bold text-slate-900">
            <Bot aria-hidden className="size-5 text-brand-600" /> AgentMarket
          </p>
          <h1 id="receipt-title" className="mt-3 text-2xl font-bold sm:text-3xl">
            Receipt
          </h1>
          <p className="text-sm text-slate-600">Thank you for your purchase.</p>
        </div>
        <Button variant="secondary" onClick={() => window.print()} className="print:hidden">
          <Printer aria-hidden className="size-4" /> Print
        </Button>
      </div>
      <p className="mt-6 text-3xl font-bold tabular-nums" data-testid="receipt-amount">
        {formatCents(data.amountCents)} <span className="text-base font-medium text-slate-600">paid</span>
      </p>
      <Facts
        look={LINES_LOOK}
        rows={[
          ['Product', data.product],
          ['Credits', formatCount(data.credits)],
          ['Amount paid', `${formatCents(data.amountCents)} (USD)`],
          ['Date', <time dateTime={data.paidAt}>{formatDateTime(paidAt)}</time>],
          ['Reference', <span className="break-all font-mono text-sm">{data.reference}</span>],
          [
            'Billed to',
            <>
              {data.buyer.username}
              <span className="block wrap-anywhere text-sm font-normal text-slate-600">{data.buyer.email}</span>
            </>,
          ],
        ]}
      />
      <p className="mt-4 text-xs text-slate-600">
        1 credit = $1. Credits are added to your AgentMarket balance as soon as payment completes.
      </p>
    </article>
  );
}
