import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Agent } from '#common/types.ts';
import { AlertDialog, AlertDialogContent, AlertDialogTrigger } from '#app/components/ui/alert-dialog.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import { toast, toastError } from '#app/hooks/use-toast.ts';
import { removeDeletedAgent, useDeleteAgent } from '#app/features/agents/api/delete-agent.ts';
import { useSingleFlight } from '#app/hooks/use-single-flight.ts';

/** Delete Agent and the confirmation it asks for; once deleted, My Agents. */
export function DeleteAgentButton({ agent, className }: { agent: Pick<Agent, 'id' | 'name'>; className: string }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const mutation = useSingleFlight(useDeleteAgent());
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
    <AlertDialog open={open} onOpenChange={(next) => !mutation.isPending && setOpen(next)}>
      <AlertDialogTrigger className={buttonClass('danger', 'md', `min-h-11 ${className}`)}>
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
  );
}

/**
 * Deleting the agent, after its edit form and apart from everything else (docs/decisions/0043):
 * nobody meets it on the way to an everyday change, and it asks before it acts.
 */
export function DangerZone({ agent }: { agent: Pick<Agent, 'id' | 'name'> }) {
  return (
    <section aria-labelledby="danger-zone" className="mt-10 rounded-2xl border border-red-200 bg-white p-5 sm:p-8">
      <h2 id="danger-zone" className="text-lg font-semibold text-red-800">
        Danger zone
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Deleting {agent.name} removes it and its reviews from the marketplace for everyone. It cannot be undone.
      </p>
      <DeleteAgentButton agent={agent} className="mt-4" />
    </section>
  );
}
