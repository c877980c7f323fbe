import { BarChart3, Pencil } from 'lucide-react';
import type { Agent } from '#common/types.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { SideCard } from '#app/components/ui/side-card.tsx';
import { DeleteAgentButton } from './danger-zone';

/**
 * The agent's creator's everyday tools, Edit and Insights (docs/product.md#roles); deleting is in the
 * edit form's danger zone (docs/decisions/0043). `canEdit` is false for an admin who only moderates:
 * they get Delete here, having no edit form.
 */
export function ManageAgentCard({ agent, canEdit }: { agent: Agent; canEdit: boolean }) {
  return (
    <SideCard id="manage" title="Manage Agent">
      <div className="mt-4 flex flex-col gap-2">
        {canEdit ? (
          <>
            <ButtonLink href={`/submit-agent?edit=${agent.id}`} variant="secondary" className="min-h-11 w-full">
              <Pencil aria-hidden className="size-4" /> Edit Agent
            </ButtonLink>
            <ButtonLink
              href={`/my-agents?tab=insights&agent=${agent.id}`}
              variant="secondary"
              className="min-h-11 w-full"
            >
              <BarChart3 aria-hidden className="size-4" /> Insights
            </ButtonLink>
          </>
        ) : (
          <DeleteAgentButton agent={agent} className="w-full" />
        )}
      </div>
    </SideCard>
  );
}
