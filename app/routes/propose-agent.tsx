import { Clock, Inbox, Lightbulb } from 'lucide-react';
import { useSearch } from 'wouter';
import { IconPoints, type IconPointsLook } from '#app/components/ui/icon-points.tsx';
import { useSession } from '#app/features/auth/api/get-session.ts';
import { ProposeForm } from '#app/features/proposals/components/propose-form.tsx';
import { ideaPrefill } from '#app/features/proposals/lib/prefill.ts';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

const STEPS = [
  {
    icon: Lightbulb,
    title: 'Describe the idea',
    text: 'What the agent should do and who it would help. A few sentences are enough.',
  },
  {
    icon: Inbox,
    title: 'Operators read it',
    text: 'Every proposal lands in our operators’ inbox, including ones sent while you were offline.',
  },
  {
    icon: Clock,
    title: 'Hear back soon',
    text: 'We review proposals within 2-3 business days and pass strong ideas to builders.',
  },
];

const STEPS_LOOK: IconPointsLook = {
  list: 'mt-4 grid gap-5',
  item: 'flex gap-3',
  tile: 'flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700',
  icon: 'size-5',
  title: 'block font-medium',
  text: 'block text-sm text-slate-600',
};

export default function ProposeAgentPage() {
  useDocumentTitle('Propose an Agent');
  // Visitors see the name and email fields until a session is known; offline, they simply stay.
  const { user } = useSession();
  // From a search that found nothing (`?idea=`): the words start the proposal. Read from the router,
  // so the server's HTML and the hydrated form hold the same text.
  const prefill = ideaPrefill(new URLSearchParams(useSearch()).get('idea'));
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[1fr_22rem]">
      <div>
        <h1 className="text-3xl font-bold">Propose an Agent</h1>
        <p className="mb-8 mt-2 text-slate-600">
          Missing an agent? Tell us what it should do. {user ? `We will reply to ${user.email}.` : 'No account needed.'}
        </p>
        <ProposeForm signedIn={Boolean(user)} prefill={prefill} />
      </div>
      <aside aria-labelledby="propose-how-heading" className="h-fit rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="propose-how-heading" className="text-lg font-semibold">
          What happens next
        </h2>
        <IconPoints points={STEPS} look={STEPS_LOOK} ordered />
      </aside>
    </div>
  );
}
