import { LabelledChoice, type ChoiceLook } from '#app/components/ui/choice-select.tsx';
import { Options } from '#app/components/ui/form-field.tsx';
import { useDepartmentsWithAgents } from '#app/features/departments/api/get-departments.ts';

/** 'All Departments' plus the departments that hold agents; the value is a department id or '' for all. */
export function DepartmentSelect({
  value,
  onChange,
  label = 'Department',
  ...rest
}: ChoiceLook & {
  id: string;
  value: number | undefined;
  onChange: (departmentId: number | undefined) => void;
  label?: string;
}) {
  const departments = useDepartmentsWithAgents().data ?? [];
  // A department in the URL that has no agents (or is not loaded yet) still shows as selected.
  const known = value === undefined || departments.some((d) => d.id === value);
  return (
    <LabelledChoice
      {...rest}
      name="department"
      label={label}
      value={value === undefined ? '' : String(value)}
      onChoose={(chosen) => onChange(chosen ? Number(chosen) : undefined)}
    >
      <option value="">All Departments</option>
      {!known && <option value={value}>Department {value}</option>}
      <Options options={departments.map((d) => ({ value: d.id, label: d.name }))} />
    </LabelledChoice>
  );
}
