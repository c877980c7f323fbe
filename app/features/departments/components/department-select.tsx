import type { Department } from '#common/types.ts';
import { useHydrated } from '#app/hooks/use-hydrated.ts';
import { AWAITS_APP } from '#app/lib/app-start.ts';

/** 'All Departments' plus the given departments; the value is a department id or '' for all. */
export function DepartmentSelect({
  id,
  departments,
  value,
  onChange,
  label = 'Department',
  className = '',
  selectClassName = 'border-slate-300 bg-white text-slate-900',
  labelClassName = 'text-slate-600',
}: {
  id: string;
  departments: Department[];
  value: number | undefined;
  onChange: (departmentId: number | undefined) => void;
  label?: string;
  className?: string;
  selectClassName?: string;
  labelClassName?: string;
}) {
  // A department in the URL that has no agents (or is not loaded yet) still shows as selected.
  const known = value === undefined || departments.some((d) => d.id === value);
  // Until the app runs, a choice would be lost: enabled once hydrated (docs/decisions/0017).
  const hydrated = useHydrated();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={`text-xs font-medium uppercase tracking-wide ${labelClassName}`}>
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        disabled={!hydrated}
        {...(hydrated ? {} : AWAITS_APP)}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
        className={`h-10 w-full rounded-lg border px-3 text-sm ${selectClassName}`}
      >
        <option value="">All Departments</option>
        {!known && <option value={value}>Department {value}</option>}
        {departments.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </select>
    </div>
  );
}
