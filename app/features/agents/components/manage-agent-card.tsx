import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Agent } from '#common/types.ts';
import { AlertDialog, AlertDialogContent, AlertDialogTrigger } from '#app/components/ui/alert-dialog.tsx';
import { buttonClass, ButtonLink } from '#app/components/ui/button.tsx';
import { SideCard } from '#app/components/ui/side-card.tsx';
import { toast, toastError } from '#app/hooks/use-toast.ts';
import { removeDeletedAgent, useDeleteAgent } from '#app/features/agents/api/delete-agent.ts';

/** Edit and delete for the agent's creator (docs/product.md#roles); `canEdit` is false for an admin who only moderates. */
export function ManageAgentCard({ agent, canEdit }: { agent: Agent; canEdit: boolean }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const mutation = useDeleteAgent();
  const queryClient = useQueryClient();

  const onConfirm = () =>
    mutation.mutate(agent.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Agent deleted', description: `${agent.name} has been removed from the marketplace.` });
        navigate('/my-agents');
        removeDeletedAgent(queryClient, agent.id);
      },
      onError: (error) => toastError('Error', error, 'Failed to delete agent'),
    });

  return (
    <SideCard id="manage" title="Manage Agent">
      <div className="mt-4 flex flex-col gap-2">
        {canEdit && (
          <ButtonLink href={`/submit-agent?edit=${agent.id}`} variant="secondary" className="w-full">
            <Pencil aria-hidden className="size-4" /> Edit Agent
          </ButtonLink>
        )}
        <AlertDialog open={open} onOpenChange={(next) => !mutation.isPending && setOpen(next)}>
          <AlertDialogTrigger className={buttonClass('danger', 'md', 'w-full')}>
            <Trash2 aria-hidden className="size-4" /> Delete Agent
          </AlertDialogTrigger>
          <AlertDialogContent
            title={`Delete ${agent.name}?`}
            description="This removes the agent and its reviews from the marketplace for everyone. It cannot be undone."
            confirmLabel="Delete Agent"
            pendingLabel="Deleting..."
            pending={mutation.isPending}
            onConfirm={onConfirm}
          />
        </AlertDialog>
      </div>
    </SideCard>
  );
}
