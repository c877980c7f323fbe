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
          className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm font-medium text-brand-700"
        >
          <span className="truncate">{f.label}</span>
          <button
            type="button"
            onClick={f.onRemove}
            aria-label={`Remove filter ${f.label}`}
            className="rounded-full p-1 hover:bg-brand-100"
          >
            <X aria-hidden className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
