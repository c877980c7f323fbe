export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden className={`animate-pulse rounded-md bg-slate-200 ${className}`} />;
}

/** A labelled group of placeholder cards while a list loads. */
export function SkeletonGrid({ count, label, className, itemClassName = 'h-64' }: { count: number; label: string; className: string; itemClassName?: string }) {
  return (
    <div role="status" aria-label={label} className={className}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={itemClassName} />
      ))}
    </div>
  );
}
