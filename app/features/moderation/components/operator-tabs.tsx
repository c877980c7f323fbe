import { Link, useLocation } from 'wouter';
import { OPERATOR_PAGES } from '#app/features/moderation/lib/operator-pages.ts';

/** The operators' pages side by side: proposals and moderation, and for admins totals and support. */
export function OperatorTabs({ admin = false }: { admin?: boolean }) {
  const [location] = useLocation();
  return (
    <nav aria-label="Operator pages" className="mb-6 flex flex-wrap gap-1 border-b border-slate-200">
      {OPERATOR_PAGES.filter((tab) => admin || !tab.adminOnly).map((tab) => {
        const current = location === tab.href;
        return (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={current ? 'page' : undefined}
            className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium ${current ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {tab.title}
          </Link>
        );
      })}
    </nav>
  );
}
