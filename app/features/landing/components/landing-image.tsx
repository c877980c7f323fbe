import { useState } from 'react';

/** An agent picture for the landings: fixed size (no layout shift), lazy, and hidden if it fails (docs/product.md#errors). */
export function LandingImage({ src, className, eager = false }: { src: string | null | undefined; className: string; eager?: boolean }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return null;
  return (
    <img
      src={src}
      alt=""
      width={640}
      height={400}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
