import type { ReactNode } from 'react';

/**
 * A card of the agent page's sidebar (trying it, its facts, its owner's tools): a region named by
 * its small heading, whose id is `${id}-heading`.
 */
export function SideCard({
  id,
  title,
  className = '',
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm ${className}`}
    >
      <h2 id={`${id}-heading`} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        {title}
      </h2>
      {children}
    </section>
  );
}
