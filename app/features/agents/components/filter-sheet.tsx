import { SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatCount } from '#app/lib/format.ts';
import { warmModalWhenIdle } from '#app/lib/warm-modal.ts';
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
 * tap on its backdrop (`closedby`): it opens at the first tap before the app has started, focus is
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
        // A tap on the backdrop closes the sheet, as Escape does, with no script.
        closedby="any"
        className="mb-0 mt-auto max-h-[85dvh] w-full max-w-none rounded-t-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
      >
        <form
          method="get"
          action={path}
          className="flex max-h-[85dvh] flex-col"
          // In the app the choices are already applied: 'Show N results' only closes the sheet.
          onSubmit={(event) => {
            event.preventDefault();
            dialog.current?.close();
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

/** Once the app runs: the document's first modal opened ahead, if the entry script has not (app/lib/warm-modal.ts). */
function useWarmModal() {
  useEffect(() => warmModalWhenIdle(), []);
}
