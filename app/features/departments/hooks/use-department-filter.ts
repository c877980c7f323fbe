import { useDepartmentName } from '#app/features/departments/api/get-departments.ts';

/**
 * A list's department filter, kept by its page (in the URL): DepartmentSelect's value and change, and
 * the chip that shows while a department is chosen (a list's ActiveFilter).
 */
export function useDepartmentFilter(departmentId: number | undefined, onChange: (id: number | undefined) => void) {
  const name = useDepartmentName(departmentId);
  return {
    select: { value: departmentId, onChange },
    chips: departmentId
      ? [{ key: 'department', label: `Department: ${name}`, onRemove: () => onChange(undefined) }]
      : [],
  };
}
