import type { ReactNode } from 'react';

/** How a Facts list looks: the list, each row, its term and its detail. */
export interface FactsLook {
  list: string;
  row: string;
  term: string;
  detail: string;
}

/**
 * A description list from [term, detail] rows, each row a div holding its dt and dd; a term names
 * its row. Stat strips that show the figure above its name reverse the row (flex-col-reverse), so
 * it still reads name first.
 */
export function Facts({
  rows,
  look,
  label,
}: {
  rows: readonly (readonly [string, ReactNode])[];
  look: FactsLook;
  label?: string;
}) {
  return (
    <dl aria-label={label} className={look.list}>
      {rows.map(([term, detail]) => (
        <div key={term} className={look.row}>
          <dt className={look.term}>{term}</dt>
          <dd className={look.detail}>{detail}</dd>
        </div>
      ))}
    </dl>
  );
}
