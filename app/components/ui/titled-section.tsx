import type { ReactNode } from 'react';

/** How a TitledSection looks where it sits: the section's class and its heading's. */
export interface SectionLook {
  section: string;
  title: string;
}

/**
 * A region named by its heading, an h2 whose id is `${id}-heading`. `anchored`: the section takes `id`
 * too, so `#id` links to it (a table of contents, a part of Settings named in an email).
 */
export function TitledSection({
  id,
  title,
  look,
  anchored = false,
  children,
}: {
  id: string;
  title: string;
  look: SectionLook;
  anchored?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={anchored ? id : undefined} aria-labelledby={`${id}-heading`} className={look.section}>
      <h2 id={`${id}-heading`} className={look.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}
