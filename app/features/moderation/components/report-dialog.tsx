import { useState } from 'react';
import { REPORT_REASONS, type ReportItemType, type ReportReason } from '#common/types.ts';
import { Button } from '#app/components/ui/button.tsx';
import { CommentField } from '#app/components/ui/comment-field.tsx';
import { Dialog, DialogContent } from '#app/components/ui/dialog.tsx';
import { toast } from '#app/hooks/use-toast.ts';
import { ApiError, errorMessage } from '#app/lib/api-client.ts';
import { useMarkReported } from '#app/features/moderation/api/my-reports.ts';
import { useReportItem } from '#app/features/moderation/api/report-item.ts';
import { useSingleFlight } from '#app/hooks/use-single-flight.ts';

const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  misleading: 'Misleading or fake',
  broken: 'Broken or does not work',
  other: 'Something else',
};

/**
 * 'Report' for a review or an agent: a reason and optional details, sent to the moderators. Loaded
 * only when someone opens it (it stays off the agent page's first load).
 */
export default function ReportDialog({
  itemType,
  itemId,
  agentId,
  name,
  onClose,
}: {
  itemType: ReportItemType;
  itemId: number;
  /** The page's agent: its 'Reported' marks are kept per agent. */
  agentId: number | null;
  name: string;
  onClose: () => void;
}) {
  const markReported = useMarkReported();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useSingleFlight(useReportItem());
  const title = itemType === 'review' ? 'Report this review' : `Report ${name}`;
  return (
    <Dialog open onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <DialogContent
        title={title}
        description="Our moderators look at every report. The person you report is not told who sent it."
      >
        <form
          aria-label={title}
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason) {
              setProblem('Please choose a reason');
              return;
            }
            setProblem(null);
            mutation.mutate(
              { itemType, itemId, reason, details: details.trim() || undefined },
              {
                onSuccess: () => {
                  markReported(agentId, itemType, itemId);
                  toast({ title: 'Report sent', description: 'Thank you. Our moderators will look at it.' });
                  onClose();
                },
                onError: (error) => {
                  // Reported already (another tab, an earlier visit): the button says so from now on.
                  if (error instanceof ApiError && error.status === 409) markReported(agentId, itemType, itemId);
                  setProblem(errorMessage(error, 'The report could not be sent. Please try again.'));
                },
              },
            );
          }}
        >
          <fieldset disabled={mutation.isPending}>
            <legend className="text-sm font-medium text-slate-800">Reason</legend>
            <div className="mt-2 flex flex-col gap-1">
              {REPORT_REASONS.map((r) => (
                <label
                  key={r}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50"
                >
                  <input
                    type="radio"
                    name="report-reason"
                    value={r}
                    checked={reason === r}
                    onChange={() => setReason(r)}
                    className="size-4 accent-brand-600"
                  />
                  <span className="text-slate-800">{REASON_LABELS[r]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <CommentField
            id="report-details"
            label="Details"
            value={details}
            onChange={setDetails}
            rows={3}
            disabled={mutation.isPending}
          />
          {problem && (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
              {mutation.isPending ? 'Sending...' : 'Send report'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
