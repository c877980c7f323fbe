import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { OperatorPage } from '#app/features/moderation/components/operator-page.tsx';
import { SupportPanel } from '#app/features/operators/components/support-panel.tsx';

/** /support: find a person and refund a paid try from their history, for admins (docs/decisions/0029). */
export default function SupportPage() {
  const { user } = useRequireAuth('Please log in to help people');
  return <OperatorPage path="/support" user={user} panel={<SupportPanel />} />;
}
