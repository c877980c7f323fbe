import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_QUERY_MAX } from '#common/constants.ts';
import { useEarlyInput } from '#app/hooks/use-early-input.ts';
import { HOLD_SUBMIT } from '#app/lib/early-clicks.ts';

const DEBOUNCE_MS = 300;

/**
 * A search box whose committed value lives elsewhere (the URL). Typing keeps a local draft and
 * commits it after a pause or on Enter; a value changed from outside (back button, a link) shows as
 * soon as no draft is pending.
 */
export function AgentSearchBox({
  id,
  value,
  onCommit,
  label = 'Search agents',
  placeholder = 'Search by name, task or department',
  className = '',
}: {
  id: string;
  value: string;
  onCommit: (value: string) => void;
  label?: string;
  placeholder?: string;
  className?: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  // Usable before the app runs (docs/decisions/0031): the focus starts it, what is typed meanwhile is
  // taken into the draft once hydrated, and an Enter is held until then (early-clicks.ts).
  const inputRef = useRef<HTMLInputElement>(null);
  useEarlyInput(inputRef, (text) => text !== value && setDraft(text));

  useEffect(() => {
    if (draft === null) return;
    const timer = setTimeout(() => {
      onCommit(draft);
      setDraft(null);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, onCommit]);

  const shown = draft ?? value;
  return (
    <form
      role="search"
      {...HOLD_SUBMIT}
      className={`flex flex-col gap-1 ${className}`}
      onSubmit={(e) => {
        e.preventDefault();
        // What the box shows, read from the form sent: an Enter held from before hydration comes
        // before the early text is in state, and a ref is attached only at React's commit.
        onCommit(e.currentTarget.querySelector<HTMLInputElement>('input[type="search"]')?.value ?? shown);
        setDraft(null);
      }}
    >
      <label htmlFor={id} className="text-xs font-medium uppercase tracking-wide text-slate-600">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id={id}
          type="search"
          ref={inputRef}
          value={shown}
          maxLength={SEARCH_QUERY_MAX}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          className="h-10 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-9 text-sm text-slate-900 placeholder:text-slate-500 [&::-webkit-search-cancel-button]:hidden"
        />
        {shown && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              onCommit('');
              setDraft(null);
            }}
            className="absolute right-1 top-1/2 -translate-y-1/2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100"
          >
            <X aria-hidden className="size-4" />
          </button>
        )}
      </div>
    </form>
  );
}
