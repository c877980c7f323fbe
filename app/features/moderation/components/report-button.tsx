import { Check, Flag } from 'lucide-react';
import { useState } from 'react';
import { useRoute } from 'wouter';
import type { ReportItemType } from '#common/types.ts';
import { useMyReports } from '#app/features/moderation/api/my-reports.ts';
import { onDemand } from '#app/hooks/use-on-demand.ts';

// The dialog and its form load when someone reports something, not with the page.
const reportDialog = onDemand(() => import('./report-dialog'));

/** The agent whose page this is: an agent's own id, else the page's (a review is reported on its agent's page). */
function usePageAgent(itemType: ReportItemType, itemId: number): number | null {
  const [, params] = useRoute<{ id: string }>('/agents/:id');
  if (itemType === 'agent') return itemId;
  const id = Number(params?.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * 'Report' on a review or an agent, for signed-in people; once they have reported it (and until a
 * moderator decides), 'Reported', which cannot be pressed: also after a reload, as the server says.
 */
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
  const dialog = reportDialog.useModule(open);
  const agentId = usePageAgent(itemType, itemId);
  const reported = useMyReports(agentId).data?.some((r) => r.itemType === itemType && r.itemId === itemId) ?? false;
  const what = itemType === 'review' ? `review by ${name}` : name;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        disabled={reported}
        aria-label={reported ? `Reported ${what}` : `Report ${what}`}
        className={`inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-default disabled:hover:bg-transparent disabled:hover:text-slate-600 ${className}`}
      >
        {reported ? (
          <>
            <Check aria-hidden className="size-4" /> Reported
          </>
        ) : (
          <>
            <Flag aria-hidden className="size-4" /> Report
          </>
        )}
      </button>
      {dialog && (
        <dialog.default
          itemType={itemType}
          itemId={itemId}
          agentId={agentId}
          name={name}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
