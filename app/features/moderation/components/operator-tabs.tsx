import { Link, useLocation } from 'wouter';

const TABS = [
  { href: '/proposals', label: 'Proposals inbox' },
  { href: '/moderation', label: 'Moderation queue' },
] as const;

/** The operators' pages side by side: the proposals inbox and the moderation queue. */
export function OperatorTabs() {
  const [location] = useLocation();
  return (
    <nav aria-label="Operator pages" className="mb-6 flex gap-1 border-b border-slate-200">
      {TABS.map((tab) => {
        const current = location === tab.href;
        return (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={current ? 'page' : undefined}
            className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium ${current ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
