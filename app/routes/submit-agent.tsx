import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import type { Agent } from '#common/types.ts';
import type { AgentData } from '#common/validation.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useCreateAgent } from '#app/features/agent-form/api/create-agent.ts';
import { useUpdateAgent } from '#app/features/agent-form/api/update-agent.ts';
import { AgentForm } from '#app/features/agent-form/components/agent-form.tsx';
import { DangerZone } from '#app/features/agents/components/danger-zone.tsx';
import { CoverField } from '#app/features/creators/components/cover-field.tsx';
import type { PreparedCover } from '#app/features/creators/lib/cover.ts';
import { agentToFormValues, emptyAgentForm } from '#app/features/agent-form/lib/form-values.ts';
import { useAgent } from '#app/features/agents/api/get-agent.ts';
import { agentKeys } from '#app/features/agents/api/keys.ts';
import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { useCategories } from '#app/features/categories/api/get-categories.ts';
import { getDepartmentsQueryOptions } from '#app/features/departments/api/get-departments.ts';
import { uploadCover } from '#app/features/creators/api/upload-picture.ts';
import { myAgentsKeys } from '#app/features/my-agents/api/keys.ts';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { ApiError, errorMessage } from '#app/lib/api-client.ts';

function Notice({ title, children, action }: { title: string; children: ReactNode; action: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center">
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">{children}</p>
      <div className="mt-6 flex justify-center">{action}</div>
    </div>
  );
}

export default function SubmitAgentPage() {
  const editParam = new URLSearchParams(useSearch()).get('edit');
  const editId = editParam && /^\d+$/.test(editParam) ? Number(editParam) : null;
  const editing = editParam !== null;
  useDocumentTitle(editing ? 'Edit Agent' : 'List your agent');
  const { user } = useRequireAuth(
    editing ? 'You need to be logged in to edit your agents' : 'You need to be logged in to submit an agent',
  );
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const categories = useCategories();
  // Every department, not only those holding agents: a new agent may be the first in one.
  const departments = useQuery(getDepartmentsQueryOptions());
  const agent = useAgent(editId ?? 0);
  const create = useCreateAgent();
  const update = useUpdateAgent();
  // A new agent's cover goes up once the agent exists, after its creation.
  const [coverUploading, setCoverUploading] = useState(false);
  const heldCover = useRef<PreparedCover | null>(null);

  const saved = (result: Agent, title: string, description: string) => {
    queryClient.setQueryData(agentKeys.detail(result.id), result);
    // Lists that may show this agent are re-read next time they are opened.
    void queryClient.invalidateQueries({ queryKey: agentKeys.all, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: myAgentsKeys.all });
    toast({ title, description });
    navigate(`/agents/${result.id}`);
  };

  /** Sends the form; answers whether it was saved (the form then clears its 'What's new' note). */
  const onSubmit = async (data: AgentData): Promise<boolean> => {
    if (editId) {
      try {
        const result = await update.mutateAsync({ id: editId, data });
        saved(result, 'Agent updated', `Your changes to ${result.name} are live.`);
        return true;
      } catch (error) {
        toast({
          title: 'Update failed',
          description: errorMessage(error, 'Failed to update agent'),
          variant: 'destructive',
        });
        return false;
      }
    }
    let result: Agent;
    try {
      // POST keeps no 'What's new' note: a new agent has nothing to compare with.
      result = await create.mutateAsync({ ...data, whatsNew: undefined });
    } catch (error) {
      toast({
        title: 'Submission failed',
        description: errorMessage(error, 'Failed to submit agent'),
        variant: 'destructive',
      });
      return false;
    }
    const cover = heldCover.current;
    if (cover) {
      setCoverUploading(true);
      try {
        result = { ...result, ...(await uploadCover(result.id, cover.cover, cover.thumbnail)) };
      } catch (error) {
        // Listed all the same: the cover can be added from Edit Agent.
        toast({
          title: 'Cover not uploaded',
          description: `${errorMessage(error, 'The cover could not be uploaded')}. You can add it from Edit Agent.`,
          variant: 'destructive',
        });
      } finally {
        setCoverUploading(false);
      }
    }
    saved(result, 'Agent submitted', `${result.name} is now listed on the marketplace.`);
    return true;
  };

  let body: ReactNode;
  if (!user || categories.isPending || departments.isPending || (editId !== null && agent.isPending)) {
    body = <Skeleton className="h-[40rem] rounded-2xl" />;
  } else if (editing && (editId === null || agent.isError)) {
    const missing = editId === null || (agent.error instanceof ApiError && agent.error.status === 404);
    body = (
      <Notice
        title={missing ? 'Agent Not Found' : 'Could not load the agent'}
        action={<ButtonLink href="/my-agents">Go to My Agents</ButtonLink>}
      >
        {missing ? 'There is no agent to edit at this address.' : 'Please try again later.'}
      </Notice>
    );
  } else if (editing && agent.data && agent.data.creatorId !== user.id) {
    body = (
      <Notice
        title="You can't edit this agent"
        action={<ButtonLink href={`/agents/${agent.data.id}`}>View the agent</ButtonLink>}
      >
        Only the creator of {agent.data.name} can edit it. You can propose changes by writing a review.
      </Notice>
    );
  } else if (categories.isError) {
    body = (
      <Notice title="Could not load categories" action={<ButtonLink href="/">Back to Home</ButtonLink>}>
        Every agent needs a category, and the list could not be loaded. Please try again later.
      </Notice>
    );
  } else {
    body = (
      <AgentForm
        key={agent.data?.id ?? 'new'}
        agent={editing ? agent.data : undefined}
        cover={(slot) => (
          <CoverField
            agentId={editing && agent.data ? agent.data.id : null}
            {...slot}
            onHeld={(prepared) => {
              heldCover.current = prepared;
            }}
          />
        )}
        initial={editing && agent.data ? agentToFormValues(agent.data) : emptyAgentForm}
        categories={categories.data}
        departments={departments.data ?? []}
        pending={create.isPending || update.isPending || coverUploading}
        submitLabel={editing ? 'Save Changes' : 'List your agent'}
        pendingLabel={editing ? 'Saving...' : coverUploading ? 'Uploading the cover...' : 'Listing...'}
        cancelHref={editing && agent.data ? `/agents/${agent.data.id}` : '/my-agents'}
        onSubmit={onSubmit}
      />
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <ButtonLink href="/my-agents" variant="ghost" size="sm" className="-ml-3">
        <ArrowLeft aria-hidden className="size-4" /> My Agents
      </ButtonLink>
      <h1 className="mt-2 text-3xl font-bold">{editing ? 'Edit Agent' : 'List your agent'}</h1>
      <p className="mb-8 mt-1 text-slate-600">
        {editing
          ? 'Changes are visible on the marketplace as soon as you save.'
          : 'List your AI agent on the marketplace. People pay its credit cost each time they try it.'}
      </p>
      {body}
      {editing && agent.data && user && agent.data.creatorId === user.id && <DangerZone agent={agent.data} />}
    </div>
  );
}
