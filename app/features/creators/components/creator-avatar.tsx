import { useState } from 'react';
import { GeneratedPicture } from '#app/components/ui/generated-picture.tsx';

/** A person's picture, round: their upload, else the generated one (never an empty box). */
export function CreatorAvatar({
  id,
  name,
  picture,
  className = 'size-10',
  eager = false,
}: {
  id: number;
  name: string;
  picture: string | null;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (!picture || failed)
    return <GeneratedPicture seed={`user-${id}`} name={name} round className={`${className} shrink-0`} />;
  return (
    <img
      src={picture}
      alt={`${name}'s picture`}
      width={256}
      height={256}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
      className={`${className} shrink-0 rounded-full object-cover`}
    />
  );
}
