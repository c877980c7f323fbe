import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { ModerationQueue } from '#app/features/moderation/components/moderation-queue.tsx';
import { OperatorPage } from '#app/features/moderation/components/operator-page.tsx';

/** /moderation: reported reviews and agents for staff and admins (docs/product.md#reviews). */
export default function ModerationPage() {
  const { user } = useRequireAuth('Please log in to moderate');
  return <OperatorPage path="/moderation" user={user} panel={<ModerationQueue />} />;
}
