import { Loader2 } from 'lucide-react';

/** The whole page while a Google sign-in goes out or comes back: a spinner, announced as it changes. */
export function AuthProgress({ title, children }: { title: string; children: string }) {
  return (
    <section
      role="status"
      aria-live="polite"
      className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center"
    >
      <Loader2 aria-hidden className="size-10 animate-spin text-brand-600" />
      <h1 className="mt-6 text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-600">{children}</p>
    </section>
  );
}
