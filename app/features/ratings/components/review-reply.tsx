import { MessageSquareReply } from 'lucide-react';
import { useState } from 'react';
import { COMMENT_MAX } from '#common/constants.ts';
import type { Rating } from '#common/types.ts';
import { Button } from '#app/components/ui/button.tsx';
import { toast } from '#app/hooks/use-toast.ts';
import { errorMessage } from '#app/lib/api-client.ts';
import { LocalTime } from '#app/components/ui/local-time.tsx';
import { useDeleteReply } from '#app/features/ratings/api/delete-reply.ts';
import { useSaveReply } from '#app/features/ratings/api/save-reply.ts';
import { useSingleFlight } from '#app/hooks/use-single-flight.ts';

/** The creator's public reply under a review; the creator writes, edits and deletes it here. */
export function ReviewReply({ review, canReply }: { review: Rating; canReply: boolean }) {
  const [editing, setEditing] = useState(false);
  const [body, setBody] = useState('');
  const save = useSingleFlight(useSaveReply());
  const remove = useSingleFlight(useDeleteReply());
  const reply = review.reply;
  const who = review.user?.username ?? `User ${review.userId}`;
  const open = () => {
    setBody(reply?.body ?? '');
    setEditing(true);
  };

  if (editing)
    return (
      <form
        aria-label={`Reply to ${who}`}
        className="mt-3 flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            { ratingId: review.id, agentId: review.agentId, body },
            {
              onSuccess: () => {
                setEditing(false);
                toast({
                  title: reply ? 'Reply updated' : 'Reply posted',
                  description: 'Everyone sees it under the review.',
                });
              },
              onError: (error) =>
                toast({
                  title: 'Error',
                  description: errorMessage(error, 'The reply could not be saved'),
                  variant: 'destructive',
                }),
            },
          );
        }}
      >
        <label htmlFor={`reply-${review.id}`} className="text-sm font-medium text-slate-800">
          Your public reply
        </label>
        <textarea
          id={`reply-${review.id}`}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          maxLength={COMMENT_MAX}
          rows={3}
          required
          disabled={save.isPending}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? 'Posting...' : reply ? 'Update reply' : 'Post reply'}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setEditing(false)} disabled={save.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    );

  return (
    <>
      {reply && (
        <div className="mt-3 rounded-lg border-l-4 border-brand-500 bg-slate-50 p-3">
          <p className="text-sm font-semibold text-slate-900">Response from the creator</p>
          <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">{reply.body}</p>
          <p className="mt-1 text-xs text-slate-600">
            {reply.user?.username ?? 'The creator'} · <LocalTime value={reply.updatedAt} />
          </p>
        </div>
      )}
      {canReply && (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="ghost"
            onClick={open}
            aria-label={reply ? `Edit reply to ${who}` : `Reply to ${who}`}
          >
            <MessageSquareReply aria-hidden className="size-4" /> {reply ? 'Edit reply' : 'Reply'}
          </Button>
          {reply && (
            <Button
              size="sm"
              variant="ghost"
              disabled={remove.isPending}
              aria-label={`Delete reply to ${who}`}
              onClick={() =>
                remove.mutate(
                  { ratingId: review.id, agentId: review.agentId },
                  {
                    onSuccess: () =>
                      toast({ title: 'Reply deleted', description: 'The review shows without your reply.' }),
                    onError: (error) =>
                      toast({
                        title: 'Error',
                        description: errorMessage(error, 'The reply could not be deleted'),
                        variant: 'destructive',
                      }),
                  },
                )
              }
            >
              Delete reply
            </Button>
          )}
        </div>
      )}
    </>
  );
}
