import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { SEARCH_QUERY_MAX } from '#common/constants.ts';
import { useSearchForm } from '#app/hooks/use-search-form.ts';

/** How one page dresses the form; the behaviour (open /search?q=… on submit) is the same everywhere. */
export interface HeroSearchLook {
  form: string;
  /** Around label, field and button (a row under a header); none when absent. */
  row?: string;
  /** The label's class; visually hidden when absent. */
  label?: string;
  field?: string;
  /** The magnifier's class; no magnifier when null. */
  icon?: string | null;
  input: string;
  button: string;
}

/** The search form of the home page's and the landing pages' heroes. */
export function HeroSearchForm({
  id,
  label,
  placeholder,
  look,
  button = 'Search',
  header,
}: {
  id: string;
  /** What assistive technology reads (and what shows, when `label` is a node). */
  label: ReactNode;
  placeholder: string;
  look: HeroSearchLook;
  button?: ReactNode;
  header?: ReactNode;
}) {
  const { query, setQuery, onSubmit, inputRef } = useSearchForm();
  const controls = (
    <>
      <label htmlFor={id} className={look.label ?? 'sr-only'}>
        {label}
      </label>
      <div className={look.field ?? 'relative flex-1'}>
        {look.icon !== null && (
          <Search
            aria-hidden
            className={`pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 ${look.icon ?? 'text-slate-400'}`}
          />
        )}
        <input
          ref={inputRef}
          id={id}
          type="search"
          name="q"
          value={query}
          maxLength={SEARCH_QUERY_MAX}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          className={look.input}
        />
      </div>
      <button type="submit" className={look.button}>
        {button}
      </button>
    </>
  );
  return (
    // `action` and `name`: before the page is hydrated, the browser opens the same results by itself.
    <form role="search" action="/search" onSubmit={onSubmit} className={look.form}>
      {header}
      {look.row ? <div className={look.row}>{controls}</div> : controls}
    </form>
  );
}
