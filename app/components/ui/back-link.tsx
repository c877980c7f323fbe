import { ArrowLeft } from 'lucide-react';
import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'wouter';

/** An in-app link back to where the page sits ('Back to Billing'), its arrow before the words. */
export function BackLink({
  href,
  children,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; className: string }) {
  return (
    <Link href={href} {...props}>
      <ArrowLeft aria-hidden className="size-4" /> {children}
    </Link>
  );
}
