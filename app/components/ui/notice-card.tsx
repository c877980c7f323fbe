import type { ReactNode } from 'react';
import { ButtonLink } from './button';

/** A card saying why a page has nothing to show (not found, expired, already paid) and leading back. */
export function NoticeCard({
  title,
  as: Heading = 'h2',
  className = 'p-8',
  titleClassName = 'text-xl font-semibold',
  back,
  children,
}: {
  title: string;
  /** h1 where the card is all the page says. */
  as?: 'h1' | 'h2';
  className?: string;
  titleClassName?: string;
  back: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className={`rounded-2xl border border-slate-200 bg-white text-center ${className}`}>
      <Heading className={titleClassName}>{title}</Heading>
      <p className="mt-2 text-slate-600">{children}</p>
      <ButtonLink href={back.href} className="mt-6">
        {back.label}
      </ButtonLink>
    </div>
  );
}
