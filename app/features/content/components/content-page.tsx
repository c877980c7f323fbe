import { Children, isValidElement, type ReactNode } from 'react';
import { TitledSection } from '#app/components/ui/titled-section.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

interface Section {
  id: string;
  title: string;
}

/** The ContentSections a page holds at its top level: each title is written once, on its section. */
function sectionsOf(children: ReactNode): Section[] {
  return Children.toArray(children).flatMap((child) =>
    isValidElement<Section>(child) && child.type === ContentSection
      ? [{ id: child.props.id, title: child.props.title }]
      : [],
  );
}

/**
 * Layout of the footer's resource, company and legal pages: a title (the tab's too, unless
 * documentTitle says otherwise), a lead paragraph, an in-page table of contents and the sections
 * themselves. The contents list the page's own ContentSections unless `sections` names them (a page
 * whose sections come from data).
 */
export function ContentPage({
  eyebrow,
  title,
  documentTitle = title,
  lead,
  updated,
  sections: named,
  children,
}: {
  eyebrow: string;
  title: string;
  documentTitle?: string;
  lead: ReactNode;
  updated?: string;
  sections?: Section[];
  children: ReactNode;
}) {
  useDocumentTitle(documentTitle);
  const sections = named ?? sectionsOf(children);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>
        <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{title}</h1>
        <div className="mt-4 text-lg text-slate-700">{lead}</div>
        {updated && <p className="mt-2 text-sm text-slate-600">Last updated {updated}</p>}
      </header>
      <div className={`mt-10 grid gap-10 ${sections?.length ? 'lg:grid-cols-[14rem_1fr]' : ''}`}>
        {sections?.length ? (
          <nav aria-label="On this page" className="h-fit lg:sticky lg:top-24">
            <h2 className="text-sm font-semibold text-slate-900">On this page</h2>
            <ul className="mt-3 grid gap-2 text-sm">
              {sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="text-slate-700 hover:text-brand-700 hover:underline">
                    {s.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="min-w-0 max-w-3xl">{children}</div>
      </div>
    </div>
  );
}

const SECTION_LOOK = {
  section: 'scroll-mt-6 border-t border-slate-200 py-8 first:border-t-0 first:pt-0',
  title: 'text-2xl font-semibold',
};

/** A titled section of a content page; its id is the anchor the table of contents links to. */
export function ContentSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <TitledSection id={id} title={title} look={SECTION_LOOK} anchored>
      <div className="mt-4 grid gap-4 leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:grid [&_ol]:gap-2 [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:grid [&_ul]:gap-2">
        {children}
      </div>
    </TitledSection>
  );
}
