import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { OperatorPage } from '#app/features/moderation/components/operator-page.tsx';
import { TotalsPanel } from '#app/features/operators/components/totals-panel.tsx';

/** /finance: the operators' totals per UTC day, for admins (docs/decisions/0029). */
export default function FinancePage() {
  const { user } = useRequireAuth('Please log in to view the totals');
  return <OperatorPage path="/finance" user={user} panel={<TotalsPanel />} />;
}
