import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { SEARCH_QUERY_MAX } from '#common/constants.ts';
import { SUGGEST_MIN_CHARS, type Suggestion } from '#common/search.ts';
import { useSuggestions } from '#app/features/agents/api/suggest-agents.ts';
import { PanelToggle } from '#app/components/ui/panel-toggle.tsx';
import { HighlightedText } from './highlighted-text';
import { useEarlyInput } from '#app/hooks/use-early-input.ts';
import { usePhonePanel } from '#app/hooks/use-phone-panel.ts';
import { FOCUS_ON_OPEN } from '#app/lib/early-controls.ts';
import { shownQuery } from '#app/hooks/use-search-form.ts';

/** Suggestions are asked for after this pause in typing. */
const SUGGEST_DEBOUNCE_MS = 150;

const KIND_LABEL: Record<Suggestion['kind'], string> = {
  agent: 'Agent',
  category: 'Category',
  department: 'Department',
};

export function suggestionHref(s: Suggestion): string {
  if (s.kind === 'agent') return `/agents/${s.id}`;
  if (s.kind === 'category') return `/categories?categoryId=${s.id}`;
  return `/agents?department=${s.id}`;
}

/**
 * The navbar's search box with suggestions as you type, following the WAI-ARIA combobox pattern
 * (list autocomplete): Down and Up move through the suggestions, Enter opens the one chosen or
 * searches what was typed, Escape closes the list (and then clears the box). On phones it sits
 * behind a search icon and opens as a row under the bar.
 */
export function HeaderSearch() {
  const [, navigate] = useLocation();
  const [value, setValue] = useState('');
  const [debounced, setDebounced] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // On a phone, a popover behind the search icon: the browser opens it and the entry script focuses
  // the box, before the app has started (docs/decisions/0044).
  const phone = usePhonePanel('site-search');
  const inputRef = useRef<HTMLInputElement>(null);
  useEarlyInput(inputRef, (text) => {
    setValue(text);
    setOpen(document.activeElement === inputRef.current);
  });
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const typed = debounced.trim();
  const suggestions = useSuggestions(typed);
  const items =
    typed.length >= SUGGEST_MIN_CHARS && value.trim().length >= SUGGEST_MIN_CHARS ? (suggestions.data ?? []) : [];
  const expanded = open && items.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const finish = (href: string) => {
    close();
    setValue('');
    setDebounced('');
    phone.close();
    inputRef.current?.blur();
    navigate(href);
  };
  /** `shown`: what the box shows (shownQuery), not state or the ref, which can lag it. */
  const submit = (shown: string) => {
    const q = shown.trim();
    if (expanded && active >= 0 && items[active]) return finish(suggestionHref(items[active]));
    if (q) finish(`/search?q=${encodeURIComponent(q)}`);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (items.length === 0) return;
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : items.length - 1);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // Past either end the focus goes back to the text (no suggestion chosen), as the pattern allows.
      setActive((i) => {
        const next = i + step;
        return next < -1 ? items.length - 1 : next >= items.length ? -1 : next;
      });
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        close();
      } else if (value) {
        e.preventDefault();
        setValue('');
      }
      // Otherwise the browser closes the phone's search row (a popover) and gives the focus back to its icon.
    } else if (e.key === 'Enter') {
      e.preventDefault();
      submit(e.currentTarget.value);
    }
  };

  const box = (
    <form
      role="search"
      aria-label="Site"
      // Before the page is hydrated, Enter opens the same results the browser's way.
      action="/search"
      className="relative w-full"
      onSubmit={(e) => {
        e.preventDefault();
        submit(shownQuery(e.currentTarget, value));
      }}
    >
      <Search
        aria-hidden
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        ref={inputRef}
        {...FOCUS_ON_OPEN}
        type="text"
        name="q"
        role="combobox"
        aria-label="Search agents"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={value}
        maxLength={SEARCH_QUERY_MAX}
        placeholder="Search agents"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        onChange={(e) => {
          setValue(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        className="h-9 max-md:h-11 max-md:text-base w-full rounded-lg border border-slate-300 bg-slate-50 pl-9 pr-3 text-sm text-slate-900 placeholder:text-slate-500 focus:bg-white"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute left-0 right-0 top-full z-50 mt-1 max-h-96 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {items.map((s, i) => (
          <li
            key={`${s.kind}-${s.id}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // Keeps focus in the box, so the click lands before the list closes on blur.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => finish(suggestionHref(s))}
            className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${i === active ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-50'}`}
          >
            {/* What matched is marked (a part of a name, a word despite a typo: docs/decisions/0026). */}
            <span className="truncate font-medium">
              <HighlightedText text={s.name} segments={s.highlights?.name} />
            </span>
            <span className="shrink-0 text-xs text-slate-500">
              {s.kind === 'agent' ? (
                s.fromDevice ? (
                  'From this device'
                ) : s.label ? (
                  <HighlightedText text={s.label} segments={s.highlights?.label} />
                ) : (
                  KIND_LABEL.agent
                )
              ) : (
                KIND_LABEL[s.kind]
              )}
            </span>
          </li>
        ))}
      </ul>
    </form>
  );

  return (
    <>
      {/* One box: inline in the bar from md up; on phones a row under the bar, behind the icon (a
          popover: its browser styles undone from md up, where it is never opened). */}
      <div
        {...phone.panel}
        className="inset-x-0 top-16 bottom-auto m-0 h-auto w-full max-w-none overflow-visible border-0 border-b border-slate-200 bg-white px-4 py-3 text-slate-900 md:static md:block md:max-w-xs md:border-0 md:bg-transparent md:p-0 lg:max-w-sm"
      >
        {box}
      </div>
      <PanelToggle {...phone.toggle} what="search" icon={Search} className="ml-auto" />
    </>
  );
}
