import { useState } from 'react';
import { CoverImage } from '#app/components/ui/cover-image.tsx';

/**
 * An agent's picture with a fixed aspect ratio (no layout shift), lazy below the fold. When there is
 * no image or it fails to load, `fallback` shows instead (docs/product.md#errors: hidden, or a stock image).
 */
export function AgentImage({
  src,
  alt,
  fallback,
  eager = false,
  className = 'aspect-[8/5] w-full',
}: {
  src: string | null | undefined;
  alt: string;
  fallback: React.ReactNode;
  eager?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed)
    return (
      <div className={`${className} flex items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100`}>
        {fallback}
      </div>
    );
  return (
    <CoverImage
      src={src}
      alt={alt}
      eager={eager}
      onError={() => setFailed(true)}
      className={`${className} object-cover`}
    />
  );
}
