import type { ReactNode } from 'react';

/** A page that is only a message (not found, could not be shown): what happened, and the ways on. */
export function PageMessage({
  mark,
  title,
  text,
  children,
}: {
  mark: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      {mark}
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-slate-600">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}
