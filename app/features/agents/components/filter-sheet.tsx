import { SlidersHorizontal, X } from 'lucide-react';
import { startTransition, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { formatCount } from '#app/lib/format.ts';
import { ActiveFilters, type ActiveFilter } from './active-filters';

/**
 * A list's filters and sort on a phone (below `md`): a 'Filters' button with the number of filters
 * in effect, the filters in effect as removable chips, and the controls in a bottom sheet. The
 * sheet is the browser's own modal <dialog>: focus is kept inside and given back, Escape closes,
 * and no dialog library joins the page's first load (docs/decisions/0023-phone-first-lists.md).
 * Choices apply at once (they live in the URL); 'Show N results' closes the sheet on them.
 *
 * `controls` renders the sheet's controls with ids of its own (the wider screen's panel has the
 * same controls); they are rendered when the sheet opens or, on a phone, once the page is idle
 * (usePrimed), never in the served HTML.
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
  const [open, setOpen] = useState(false);
  const primed = usePrimed();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const idPrefix = `sheet${useId().replace(/:/g, '')}`;

  // Shown before the next paint, so the tap's next frame is the open sheet.
  useLayoutEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      modalWarmed = true;
    }
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <div className="md:hidden">
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={() => setOpen(true)}
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
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
        // A tap on the backdrop (the dialog element itself, outside its panel) closes the sheet.
        onClick={(e) => {
          if (e.target === e.currentTarget) setOpen(false);
        }}
        className="mb-0 mt-auto max-h-[85dvh] w-full max-w-none rounded-t-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
      >
        {(open || primed) && (
          <div className="flex max-h-[85dvh] flex-col">
            <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
              <h2 id={titleId} className="text-lg font-semibold">
                Filters
              </h2>
              <button
                type="button"
                onClick={() => setOpen(false)}
                aria-label="Close filters"
                className="flex size-11 items-center justify-center rounded-full hover:bg-slate-100"
              >
                <X aria-hidden className="size-5" />
              </button>
            </div>
            <div className="flex flex-col gap-4 overflow-y-auto px-4 py-4">{controls(idPrefix)}</div>
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
                type="button"
                onClick={() => setOpen(false)}
                className="ml-auto h-11 flex-1 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
              >
                {resultCount === undefined
                  ? 'Show results'
                  : `Show ${resultCount === 1 ? '1 result' : `${formatCount(resultCount)} results`}`}
              </button>
            </div>
          </div>
        )}
      </dialog>
    </div>
  );
}

/** Tailwind's `md`: below it the sheet is the page's only filter control. */
const PHONE_WIDTH = '(width < 48rem)';

/**
 * True once the browser has been idle after the sheet was mounted on a phone: the sheet's controls
 * are then rendered inside the closed dialog (display: none, so neither styled nor laid out), in a
 * transition a tap can interrupt, and at the next idle moment the document's first modal dialog is
 * opened and closed once, out of sight (warmModal). Both leave the first tap on 'Filters' only the
 * dialog's opening. Not in the served HTML and not at hydration, which stay as small as before
 * (docs/decisions/0023).
 */
function usePrimed() {
  const [primed, setPrimed] = useState(false);
  useEffect(() => {
    if (!window.matchMedia(PHONE_WIDTH).matches) return;
    return whenIdle(() => startTransition(() => setPrimed(true)));
  }, []);
  useEffect(
    () =>
      primed && !modalWarmed && typeof window.requestIdleCallback === 'function' ? whenIdle(warmModal) : undefined,
    [primed],
  );
  return primed;
}

/** Runs `task` when the browser is idle (within 3 s); returns a cancel. Safari has no requestIdleCallback: a second is as good a guess there. */
function whenIdle(task: () => void) {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(task, 1000);
    return () => window.clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(task, { timeout: 3000 });
  return () => window.cancelIdleCallback(handle);
}

/** Whether this document has opened a modal dialog yet: only its first is worth opening ahead. */
let modalWarmed = false;

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
  if (modalWarmed || (focused && focused !== document.body) || window.getSelection()?.type === 'Range' || openLayer())
    return;
  modalWarmed = true;
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
