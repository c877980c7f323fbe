import { Bot, Coins, MessageSquareText, Store } from 'lucide-react';
import { INITIAL_CREDITS } from '#common/constants.ts';
import { IconPoints, type IconPointsLook } from '#app/components/ui/icon-points.tsx';

const POINTS = [
  {
    icon: Store,
    title: 'Every agent in one place',
    text: 'Discover, compare and open AI agents for marketing, sales, finance, operations and more.',
  },
  {
    icon: Coins,
    title: 'Pay per use with credits',
    text: `Start with ${INITIAL_CREDITS} free credits. 1 credit = $1, and each agent shows its cost before you try it.`,
  },
  {
    icon: MessageSquareText,
    title: 'Reviews from real users',
    text: 'Ratings and reviews come from people who tried the agent with their own credits.',
  },
  {
    icon: Bot,
    title: 'List your own agents',
    text: 'Builders publish agents, set a credit cost from 1 to 100 and manage them from My Agents.',
  },
];

const POINTS_LOOK: IconPointsLook = {
  list: 'mt-8 grid gap-6',
  item: 'flex gap-4',
  tile: 'flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/15',
  icon: 'size-5',
  title: 'block font-semibold',
  text: 'block text-sm text-brand-100',
};

/** The side panel of the auth screen: what the unified marketplace offers. */
export function AuthSidePanel() {
  return (
    <aside
      aria-labelledby="auth-side-heading"
      className="rounded-2xl bg-gradient-to-br from-brand-900 via-brand-700 to-brand-600 p-6 text-white sm:p-10"
    >
      <h2 id="auth-side-heading" className="text-2xl font-bold sm:text-3xl">
        The unified marketplace for AI agents
      </h2>
      <p className="mt-3 text-brand-100">One account to find, try, review and publish the agents that get work done.</p>
      <IconPoints points={POINTS} look={POINTS_LOOK} />
    </aside>
  );
}
