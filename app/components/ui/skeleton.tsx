import { LOADS_IN_APP } from '#app/lib/app-start.ts';

/** A placeholder while data loads: on a server-rendered page only the app loads it, so it starts the app. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden {...LOADS_IN_APP} className={`animate-pulse rounded-md bg-slate-200 ${className}`} />;
}

/** A labelled group of placeholders, one per shape (its class), while something loads. */
export function SkeletonGroup({ label, className, shapes }: { label: string; className: string; shapes: string[] }) {
  return (
    <div role="status" aria-label={label} className={className}>
      {shapes.map((shape, i) => (
        <Skeleton key={i} className={shape} />
      ))}
    </div>
  );
}

/** A labelled group of placeholder cards while a list loads. */
export function SkeletonGrid({
  count,
  label,
  className,
  itemClassName = 'h-64',
}: {
  count: number;
  label: string;
  className: string;
  itemClassName?: string;
}) {
  return (
    <SkeletonGroup label={label} className={className} shapes={Array.from({ length: count }, () => itemClassName)} />
  );
}
