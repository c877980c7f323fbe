import { ButtonLink } from '#app/components/ui/button.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-3xl font-bold">Page Not Found</h1>
      <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex gap-3">
        <ButtonLink href="/">Back to Home</ButtonLink>
        <ButtonLink href="/agents" variant="secondary">
          Browse Agents
        </ButtonLink>
      </div>
    </section>
  );
}
