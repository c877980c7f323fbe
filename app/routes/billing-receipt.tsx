import { useParams } from 'wouter';
import { BackLink } from '#app/components/ui/back-link.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { ReceiptView } from '#app/features/credits/components/receipt-view.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

/** /billing/receipts/:id: one purchase's receipt, the owner's alone. */
export default function BillingReceiptPage() {
  useDocumentTitle('Receipt');
  const { user } = useRequireAuth('Please log in to view your receipts');
  const { id = '' } = useParams<{ id: string }>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-10 print:max-w-none print:p-0">
      <BackLink
        href="/billing"
        className="mb-4 inline-flex min-h-10 items-center gap-2 text-sm font-medium text-slate-700 hover:text-brand-700 print:hidden"
      >
        Back to Billing
      </BackLink>
      {user ? <ReceiptView id={id} /> : <Skeleton className="h-96 rounded-2xl" />}
    </div>
  );
}
