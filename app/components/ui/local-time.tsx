import type { ReactNode } from 'react';
import { useHydrated } from '#app/hooks/use-hydrated.ts';
import { formatDate, formatDateTime } from '#app/lib/format.ts';

/**
 * A moment as the reader's clock shows it (`time`: with the time of day; '' for none). The server
 * does not know the reader's time zone, so a page it renders, and the browser's hydration of that
 * page, give the moment in UTC (named when the time of day is shown); once hydrated it is the
 * reader's. Written in the reader's zone from the start, a date on a page rendered for someone away
 * from UTC was a hydration mismatch, and React rendered the whole page again.
 */
export function useLocalTime(value: string | null | undefined, time = false): string {
  const utc = !useHydrated();
  if (!value) return '';
  return time ? formatDateTime(value, utc) : formatDate(value, utc);
}

/** A <time> holding `useLocalTime`'s text, then `children` (a mark such as " (edited)"). */
export function LocalTime({
  value,
  time = false,
  className,
  children,
}: {
  value: string;
  time?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <time dateTime={value} className={className}>
      {useLocalTime(value, time)}
      {children}
    </time>
  );
}
