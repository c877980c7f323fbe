import { changedSinceSaved, savedTimesOf } from './saved-agents';

/** On a card of an agent with a 'What's new' note: the note's time (agent-card.tsx). */
export const whatsNewAttribute = (whatsNewAt: string | null): { 'data-whats-new-at'?: string } =>
  whatsNewAt ? { 'data-whats-new-at': whatsNewAt } : {};

/**
 * Whether a card on the page is of an agent saved on this device whose creator has written a note
 * since it was saved: its 'Updated' mark is the app's to show (it reads what is saved), so the entry
 * starts the app for it (app/lib/app-start.ts; docs/decisions/0043). Cards of agents with no note
 * are not looked up at all; loaded with the entry script, so nothing of React here.
 */
export async function savedCardChanged(): Promise<boolean> {
  const cards = [...document.querySelectorAll<HTMLElement>('#root [data-agent-id][data-whats-new-at]')];
  if (cards.length === 0) return false;
  try {
    const times = await savedTimesOf(cards.map((card) => Number(card.dataset.agentId)));
    return cards.some((card, i) => {
      const savedAt = times[i];
      return savedAt !== undefined && changedSinceSaved({ savedAt }, card.dataset.whatsNewAt);
    });
  } catch {
    return false;
  }
}
