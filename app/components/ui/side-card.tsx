import type { ReactNode } from 'react';
import { TitledSection } from './titled-section';

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
  const look = {
    section: `rounded-2xl border border-slate-200 bg-white p-5 shadow-sm ${className}`,
    title: 'text-sm font-semibold uppercase tracking-wide text-slate-500',
  };
  return (
    <TitledSection id={id} title={title} look={look}>
      {children}
    </TitledSection>
  );
}
