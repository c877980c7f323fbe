import type { ReactNode } from 'react';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <NotFound
      mark={<p className="text-6xl font-bold text-brand-600">404</p>}
      title="Page Not Found"
      text="The page you are looking for does not exist or has moved."
    />
  );
}

/** What is asked for is not here (a page, an agent): what it was, and the ways back. */
export function NotFound({ mark, title, text }: { mark: ReactNode; title: string; text: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      {mark}
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-slate-600">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink href="/">Back to Home</ButtonLink>
        <ButtonLink href="/agents" variant="secondary">
          Browse Agents
        </ButtonLink>
      </div>
    </section>
  );
}
