import type { ReactNode } from 'react';
import { PageMessage } from '#app/components/layout/page-message.tsx';
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
    <PageMessage mark={mark} title={title} text={text}>
      <ButtonLink href="/">Back to Home</ButtonLink>
      <ButtonLink href="/agents" variant="secondary">
        Browse Agents
      </ButtonLink>
    </PageMessage>
  );
}
