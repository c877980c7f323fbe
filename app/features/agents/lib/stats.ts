import { plural } from '#app/lib/format.ts';

/**
 * How much an agent is used: its tries in the last 30 days ('52 tries this month'), or null for none.
 * A card then says nothing (a list of '0 tries' reads as a list of failures); the agent page says
 * 'No tries yet this month', where someone deciding whether to try it wants to know.
 */
export const triesThisMonth = (recentTries: number): string | null =>
  recentTries > 0 ? `${plural(recentTries, 'try', 'tries')} this month` : null;

/** The agent page's line: never empty. */
export const triesThisMonthOnPage = (recentTries: number): string =>
  triesThisMonth(recentTries) ?? 'No tries yet this month';

/** An agent's review count on a card: 'No reviews yet' rather than '0 reviews'. */
export const reviewCount = (voteCount: number): string => (voteCount ? plural(voteCount, 'review') : 'No reviews yet');

/** The id of the agent page's 'What's new' section, which a saved agent's 'Updated' mark links to. */
export const WHATS_NEW_ID = 'whats-new';
