import { ShieldAlert } from 'lucide-react';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { ModerationQueue } from '#app/features/moderation/components/moderation-queue.tsx';
import { OperatorTabs } from '#app/features/moderation/components/operator-tabs.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

/** /moderation: reported reviews and agents for staff and admins (docs/product.md#reviews). */
export default function ModerationPage() {
  useDocumentTitle('Moderation queue');
  const { user } = useRequireAuth('Please log in to moderate');
  const operator = user?.role === 'staff' || user?.role === 'admin';
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Moderation queue</h1>
      <p className="mb-6 mt-1 text-slate-600">Reported reviews and agents. A hidden item disappears from every public list, search and count until restored.</p>
      {!user ? (
        <Skeleton className="h-64 rounded-xl" />
      ) : operator ? (
        <>
          <OperatorTabs admin={user.role === 'admin'} />
          <ModerationQueue />
        </>
      ) : (
        <div className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-10 text-center">
          <ShieldAlert aria-hidden className="size-10 text-slate-400" />
          <h2 className="mt-3 text-xl font-semibold">Operators only</h2>
          <p className="mt-1 max-w-md text-slate-600">The moderation queue is for staff and admins. To report a review or an agent, use Report on it.</p>
        </div>
      )}
    </div>
  );
}
