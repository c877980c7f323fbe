import { ShieldAlert } from 'lucide-react';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { OperatorTabs } from '#app/features/moderation/components/operator-tabs.tsx';
import { ProposalsInbox } from '#app/features/proposals/components/proposals-inbox.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

/** /proposals: the operators' inbox of agent ideas (docs/product.md#proposals). */
export default function ProposalsInboxPage() {
  useDocumentTitle('Proposals inbox');
  const { user } = useRequireAuth('Please log in to view proposals');
  const operator = user?.role === 'staff' || user?.role === 'admin';
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Proposals inbox</h1>
      <p className="mb-8 mt-1 text-slate-600">Agent ideas sent by visitors and users. We promise a review within 2-3 business days.</p>
      {!user ? (
        <Skeleton className="h-64 rounded-xl" />
      ) : operator ? (
        <>
          <OperatorTabs admin={user.role === 'admin'} />
          <ProposalsInbox />
        </>
      ) : (
        <div className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-10 text-center">
          <ShieldAlert aria-hidden className="size-10 text-slate-400" />
          <h2 className="mt-3 text-xl font-semibold">Operators only</h2>
          <p className="mt-1 max-w-md text-slate-600">The proposals inbox is for staff and admins. To suggest an agent yourself, use Propose Agent.</p>
          <ButtonLink href="/propose-agent" className="mt-6">
            Propose an Agent
          </ButtonLink>
        </div>
      )}
    </div>
  );
}
