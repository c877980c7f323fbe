import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { OPERATOR_PAGES, type OperatorPath } from '#app/features/moderation/lib/operator-pages.ts';
import { OperatorTabs } from './operator-tabs';

/**
 * The frame of an operators' page (docs/product.md#roles, docs/decisions/0029): its title and lead,
 * then, once the user is known, the operator tabs and the page's panel, or why it is not theirs to
 * see. The page asks for the sign-in (useRequireAuth) and passes the user in.
 */
export function OperatorPage({
  path,
  user,
  panel,
}: {
  path: OperatorPath;
  user: { role: string } | null | undefined;
  panel: ReactNode;
}) {
  const page = OPERATOR_PAGES.find((p) => p.href === path)!;
  useDocumentTitle(page.title);
  const admin = user?.role === 'admin';
  const allowed = admin || (!page.adminOnly && user?.role === 'staff');
  return (
    // The admins' pages hold tables: wider.
    <div className={`mx-auto ${page.adminOnly ? 'max-w-5xl' : 'max-w-4xl'} px-4 py-10`}>
      <h1 className="text-3xl font-bold">{page.title}</h1>
      <p className={`${'leadClassName' in page ? page.leadClassName : 'mb-6'} mt-1 text-slate-600`}>{page.lead}</p>
      {!user ? (
        <Skeleton className="h-64 rounded-xl" />
      ) : allowed ? (
        <>
          <OperatorTabs admin={admin} />
          {panel}
        </>
      ) : (
        <div className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-10 text-center">
          <ShieldAlert aria-hidden className="size-10 text-slate-400" />
          <h2 className="mt-3 text-xl font-semibold">{page.adminOnly ? 'Admins only' : 'Operators only'}</h2>
          <p className="mt-1 max-w-md text-slate-600">{page.denied}</p>
          {'instead' in page && (
            <ButtonLink href={page.instead.href} className="mt-6">
              {page.instead.label}
            </ButtonLink>
          )}
        </div>
      )}
    </div>
  );
}
