import { X } from 'lucide-react';

export interface ActiveFilter {
  key: string;
  label: string;
  onRemove: () => void;
}

/** The filters in effect as removable badges. */
export function ActiveFilters({ filters }: { filters: ActiveFilter[] }) {
  if (filters.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-2">
      {filters.map((f) => (
        <li
          key={f.key}
          className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 pl-3 text-sm font-medium text-brand-700"
        >
          <span className="truncate">{f.label}</span>
          {/* The chip's whole height, 44 px on a phone: the × is what is tapped. */}
          <button
            type="button"
            onClick={f.onRemove}
            aria-label={`Remove filter ${f.label}`}
            className="flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-brand-100 md:size-8"
          >
            <X aria-hidden className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
