import type { ReactNode } from 'react';

/** A table's head: one row of column headings from [label, class]; a label may be a name for screen readers only. */
export function TableHead({
  columns,
  className,
}: {
  columns: readonly (readonly [label: ReactNode, className: string])[];
  className: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map(([label, cellClassName], i) => (
          <th key={i} scope="col" className={cellClassName}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
