import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ReportItemType } from '#common/types.ts';

// The dialog and its form load when someone reports something, not with the page.
const ReportDialog = lazy(() => import('./report-dialog'));

/** 'Report' on a review or an agent, for signed-in people. */
export function ReportButton({
  itemType,
  itemId,
  name,
  className = '',
}: {
  itemType: ReportItemType;
  itemId: number;
  name: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={itemType === 'review' ? `Report review by ${name}` : `Report ${name}`}
        className={`inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 ${className}`}
      >
        <Flag aria-hidden className="size-4" /> Report
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog itemType={itemType} itemId={itemId} name={name} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
