/**
 * An agent's cover picture as the cards and pages draw it: its 640x400 size held before it loads
 * (nothing moves), lazy unless `eager` (the first screen's).
 */
export function CoverImage({
  src,
  alt = '',
  eager = false,
  onError,
  className,
}: {
  src: string;
  alt?: string;
  eager?: boolean;
  onError: () => void;
  className: string;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={640}
      height={400}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={onError}
      className={className}
    />
  );
}
