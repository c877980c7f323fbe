import { AlertDialog, AlertDialogContent } from '../../../components/ui/alert-dialog';
import { toast } from '../../../hooks/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteRating } from '../api/delete-rating';

/** The confirmation before deleting one's review; loaded when asked for. */
export default function DeleteReviewDialog({ ratingId, agentId, onClose, onDeleted }: { ratingId: number; agentId: number; onClose: () => void; onDeleted: () => void }) {
  const mutation = useDeleteRating();
  return (
    <AlertDialog open onOpenChange={(open) => !open && !mutation.isPending && onClose()}>
      <AlertDialogContent
        title="Delete your review?"
        description="Your rating and comment are removed for everyone, and the agent's score is updated. You can write a new review later."
        confirmLabel="Delete review"
        pendingLabel="Deleting..."
        pending={mutation.isPending}
        onConfirm={() =>
          mutation.mutate(
            { id: ratingId, agentId },
            {
              onSuccess: () => {
                toast({ title: 'Review deleted', description: 'Your review has been removed.' });
                onClose();
                onDeleted();
              },
              onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'The review could not be deleted'), variant: 'destructive' }),
            },
          )
        }
      />
    </AlertDialog>
  );
}
