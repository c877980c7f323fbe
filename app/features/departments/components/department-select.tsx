import type { Department } from '#common/types.ts';
import { ChoiceSelect } from '#app/components/ui/choice-select.tsx';

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
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={`text-xs font-medium uppercase tracking-wide ${labelClassName}`}>
        {label}
      </label>
      <ChoiceSelect
        id={id}
        value={value === undefined ? '' : String(value)}
        onChoose={(chosen) => onChange(chosen ? Number(chosen) : undefined)}
        className={`h-10 w-full rounded-lg border px-3 text-sm ${selectClassName}`}
      >
        <option value="">All Departments</option>
        {!known && <option value={value}>Department {value}</option>}
        {departments.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </ChoiceSelect>
    </div>
  );
}
