import { Link } from 'wouter';
import { creatorPath } from '#common/creators.ts';

/** A creator's name leading to their public page (docs/decisions/0028). */
export function CreatorLink({ username, className = '' }: { username: string; className?: string }) {
  return (
    <Link
      href={creatorPath(username)}
      className={`font-medium text-brand-700 underline-offset-2 hover:underline ${className}`}
    >
      {username}
    </Link>
  );
}
