import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { OperatorPage } from '#app/features/moderation/components/operator-page.tsx';
import { ProposalsInbox } from '#app/features/proposals/components/proposals-inbox.tsx';

/** /proposals: the operators' inbox of agent ideas (docs/product.md#proposals). */
export default function ProposalsInboxPage() {
  const { user } = useRequireAuth('Please log in to view proposals');
  return <OperatorPage path="/proposals" user={user} panel={<ProposalsInbox />} />;
}
