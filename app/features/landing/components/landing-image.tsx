import { useState } from 'react';
import { CoverImage } from '#app/components/ui/cover-image.tsx';

/** An agent picture for the landings: fixed size (no layout shift), lazy, and hidden if it fails (docs/product.md#errors). */
export function LandingImage({
  src,
  className,
  eager = false,
}: {
  src: string | null | undefined;
  className: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return null;
  return <CoverImage src={src} eager={eager} onError={() => setFailed(true)} className={className} />;
}
