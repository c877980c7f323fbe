import { SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatCount } from '#app/lib/format.ts';
import { BACKDROP_CLOSES, closeSheet, modalOpenedYet, noteModalOpened } from '#app/lib/first-modal.ts';
import { ActiveFilters, type ActiveFilter } from './active-filters';

/**
 * The URL parameters the lists' sheets choose (sort, the department, discover's bounds): what the
 * sheet's form sends. Any other parameter of the list (its search, its layout, its category) is
 * sent along as it is.
 */
const SHEET_FIELDS = new Set(['sort', 'department', 'minRating', 'maxCost', 'featured']);

/**
 * A list's filters and sort on a phone (below `md`): a 'Filters' button with the number of filters
 * in effect, the filters in effect as removable chips, and the controls in a bottom sheet. The
 * sheet is the browser's own modal <dialog>, opened and closed by invoker commands and closed by a
 * tap on its backdrop (BACKDROP_CLOSES): it opens at the first tap before the app has started, focus is
 * kept inside and given back, Escape closes, and no dialog library joins the page's first load
 * (docs/decisions/0023-phone-first-lists.md, docs/decisions/0044). Its controls are a GET form of
 * the list's own address, in the served HTML: before the app, 'Show N results' opens the list the
 * worker renders for them; once the app runs, choices apply at once (they live in the URL) and
 * 'Show N results' closes the sheet on them. React renders the same attributes, so a sheet the
 * browser opened stays open as the app takes the page over; a choice made in it before is taken then
 * (useEarlyChoice, in each select).
 *
 * `controls` renders the sheet's controls with ids of its own (the wider screen's panel has the
 * same controls), named by their URL parameters.
 */
export function FilterSheet({
  active,
  count,
  resultCount,
  onClearAll,
  controls,
  aside,
}: {
  /** The filters in effect, shown as chips. */
  active: ActiveFilter[];
  /** How many of the sheet's choices differ from the defaults (the button's count). */
  count: number;
  /** The results the current choices give, when known. */
  resultCount: number | undefined;
  onClearAll: () => void;
  controls: (idPrefix: string) => ReactNode;
  /** Shown beside the Filters button (the grid/list switch). */
  aside?: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [path] = useLocation();
  const search = useSearch();
  const titleId = useId();
  const dialogId = `${titleId}-sheet`;
  const idPrefix = `sheet${useId().replace(/[:«»]/g, '')}`;
  useWarmModal();
  // The list's other parameters, sent with the form as they are.
  const kept = [...new URLSearchParams(search)].filter(([name]) => !SHEET_FIELDS.has(name));

  return (
    <div className="md:hidden">
      <div className="flex items-center gap-3">
        <button
          type="button"
          command="show-modal"
          commandfor={dialogId}
          aria-haspopup="dialog"
          className={`inline-flex h-11 items-center gap-2 rounded-lg border px-4 text-sm font-semibold ${
            count > 0 ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-slate-300 bg-white text-slate-800'
          }`}
        >
          <SlidersHorizontal aria-hidden className="size-4" />
          Filters
          {count > 0 && (
            <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">
              {count}
              <span className="sr-only"> {count === 1 ? 'filter' : 'filters'} on</span>
            </span>
          )}
        </button>
        {aside && <div className="ml-auto">{aside}</div>}
      </div>
      {active.length > 0 && (
        <div className="mt-3">
          <ActiveFilters filters={active} />
        </div>
      )}
      <dialog
        ref={dialog}
        id={dialogId}
        aria-labelledby={titleId}
        // A tap on the backdrop closes the sheet, as Escape does (app/lib/first-modal.ts).
        {...BACKDROP_CLOSES}
        className="mb-0 mt-auto max-h-[85dvh] w-full max-w-none rounded-t-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
      >
        <form
          method="get"
          action={path}
          className="flex max-h-[85dvh] flex-col"
          // In the app the choices are already applied: 'Show N results' only closes the sheet.
          onSubmit={(event) => {
            event.preventDefault();
            if (dialog.current) closeSheet(dialog.current);
          }}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h2 id={titleId} className="text-lg font-semibold">
              Filters
            </h2>
            <button
              type="button"
              command="close"
              commandfor={dialogId}
              aria-label="Close filters"
              className="flex size-11 items-center justify-center rounded-full hover:bg-slate-100"
            >
              <X aria-hidden className="size-5" />
            </button>
          </div>
          <div className="flex flex-col gap-4 overflow-y-auto px-4 py-4">{controls(idPrefix)}</div>
          {kept.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="flex items-center gap-3 border-t border-slate-200 px-4 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3">
            {count > 0 && (
              <button
                type="button"
                onClick={onClearAll}
                className="h-11 rounded-lg px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              >
                Clear all
              </button>
            )}
            <button
              type="submit"
              className="ml-auto h-11 flex-1 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {resultCount === undefined
                ? 'Show results'
                : `Show ${resultCount === 1 ? '1 result' : `${formatCount(resultCount)} results`}`}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}

/** Tailwind's `md`: below it the sheet is the page's only filter control. */
const PHONE_WIDTH = '(width < 48rem)';

/**
 * Once the app runs on a phone, at an idle moment the document's first modal dialog is opened and
 * closed once, out of sight (warmModal): a sheet opened from then on costs only its own opening. Not
 * in the served HTML, and not before the app: there the sheet's first opening is painted before it
 * is made modal (app/lib/first-modal.ts, docs/decisions/0044), and a page only read never pays it.
 */
function useWarmModal() {
  useEffect(() => {
    if (modalOpenedYet() || typeof window.requestIdleCallback !== 'function' || !window.matchMedia(PHONE_WIDTH).matches)
      return;
    return whenIdle(warmModal);
  }, []);
}

/** Runs `task` when the browser is idle (within 3 s); returns a cancel. */
function whenIdle(task: () => void) {
  const handle = window.requestIdleCallback(task, { timeout: 3000 });
  return () => window.cancelIdleCallback(handle);
}

/**
 * A document's first modal dialog costs Chromium several times what later ones do (under 4x CPU on
 * /agents: a median 58-79 ms for the first showModal(), 18 ms once another had been opened before
 * it). An empty dialog opened and closed in one task is never painted. Done once per document, only
 * where the browser says when it is idle (Chromium's figures; Safari has no requestIdleCallback and a
 * timer could land mid-scroll), and only while nothing has focus or a selection (closing gives focus
 * back: a field's keyboard must not blink) and no dialog or popover is open (a modal closes popovers).
 */
function warmModal() {
  const focused = document.activeElement;
  if (
    modalOpenedYet() ||
    (focused && focused !== document.body) ||
    window.getSelection()?.type === 'Range' ||
    openLayer()
  )
    return;
  noteModalOpened();
  const probe = document.createElement('dialog');
  document.body.append(probe);
  try {
    probe.showModal();
    // Styled and laid out while open: that is the work being done ahead.
    probe.getBoundingClientRect();
    probe.close();
  } finally {
    probe.remove();
  }
}

/** An open dialog or popover (a browser without popovers has none to close). */
function openLayer(): boolean {
  if (document.querySelector('dialog[open]')) return true;
  try {
    return document.querySelector(':popover-open') !== null;
  } catch {
    return false;
  }
}
