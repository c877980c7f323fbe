import { NAME_MAX } from '#common/constants.ts';

/** How much of what was searched a proposal takes: a search box's worth, never a page. */
const IDEA_MAX = 200;

/**
 * A proposal started from a search that found nothing (`/propose-agent?idea=<the words>`): the words
 * name the idea (first letter capitalised, cut to the name's limit) and start its description, for
 * the person to finish. Nothing when there are no words.
 */
export function ideaPrefill(raw: string | null): { name: string; description: string } | null {
  const idea = (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, IDEA_MAX).trim();
  if (!idea) return null;
  const name = `${idea.charAt(0).toUpperCase()}${idea.slice(1)}`.slice(0, NAME_MAX).trim();
  return { name, description: `I searched for “${idea}” and found no agent that does it. It should ` };
}
