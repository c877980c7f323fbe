import { AlertDialog, AlertDialogContent } from '#app/components/ui/alert-dialog.tsx';
import { toast } from '#app/hooks/use-toast.ts';
import { errorMessage } from '#app/lib/api-client.ts';
import { useDeleteRating } from '#app/features/ratings/api/delete-rating.ts';
import { useSingleFlight } from '#app/hooks/use-single-flight.ts';

/** The confirmation before deleting one's review; loaded when asked for. */
export default function DeleteReviewDialog({
  ratingId,
  agentId,
  onClose,
  onDeleted,
}: {
  ratingId: number;
  agentId: number;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const mutation = useSingleFlight(useDeleteRating());
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
              onError: (error) =>
                toast({
                  title: 'Error',
                  description: errorMessage(error, 'The review could not be deleted'),
                  variant: 'destructive',
                }),
            },
          )
        }
      />
    </AlertDialog>
  );
}
