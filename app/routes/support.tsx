import { ShieldAlert } from 'lucide-react';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { OperatorTabs } from '#app/features/moderation/components/operator-tabs.tsx';
import { SupportPanel } from '#app/features/operators/components/support-panel.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

/** /support: find a person and refund a paid try from their history, for admins (docs/decisions/0029). */
export default function SupportPage() {
  useDocumentTitle('Support');
  const { user } = useRequireAuth('Please log in to help people');
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Support</h1>
      <p className="mb-6 mt-1 text-slate-600">Find a person by username or email, read their credit history and refund a paid try.</p>
      {!user ? (
        <Skeleton className="h-64 rounded-xl" />
      ) : user.role === 'admin' ? (
        <>
          <OperatorTabs admin />
          <SupportPanel />
        </>
      ) : (
        <div className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-10 text-center">
          <ShieldAlert aria-hidden className="size-10 text-slate-400" />
          <h2 className="mt-3 text-xl font-semibold">Admins only</h2>
          <p className="mt-1 max-w-md text-slate-600">Support is for admins.</p>
        </div>
      )}
    </div>
  );
}
