import { QUERY_STATE_ELEMENT_ID } from '#common/ssr.ts';
import type { Agent } from '#common/types.ts';
import { addToOutbox } from './outbox';
import { savedChange } from './saved-change';
import { openOfflineDb } from './offline-db';
import { getSavedAgent, keepSavedChoice } from './saved-agents';

/**
 * Save tapped before the app has started (docs/decisions/0044): kept on this device by the entry
 * script itself, and for a signed-in person queued in the outbox for the server, as the app's Save
 * does (app/lib/saved-sync.ts, setSaved). So a page left before the app ran loses nothing, and the
 * app delivers what is queued as it starts, once. The app's button, taking the page over, waits for
 * this write and finds the device as asked: it writes nothing more.
 *
 * Written a frame after the tap (the pressed state is painted first), and only the last choice of a
 * quick save-and-remove. Loaded with the entry script: nothing of React or the app's API client here.
 */

/** What the entry script did with a choice: kept on the device (and queued for the account), or not at all. */
export type EarlySaveOutcome = 'kept' | 'kept and queued' | 'not kept';

const asked = new Map<number, boolean>();
const written = new Map<number, Promise<EarlySaveOutcome>>();

/** The page's served data (the app removes it as it starts): read at the tap, parsed later. */
const servedText = () => document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent ?? null;

interface Served {
  agent: Agent | null;
  signedIn: boolean;
}

const isAgent = (value: unknown, id: number): value is Agent =>
  typeof value === 'object' &&
  value !== null &&
  (value as Agent).id === id &&
  typeof (value as Agent).name === 'string' &&
  'creditCost' in value;

/** The agent as the page was served it (its page, a list's card, a search hit), and whether for a signed-in person. */
function fromServed(text: string | null, id: number): Served {
  if (!text) return { agent: null, signedIn: false };
  try {
    const state = JSON.parse(text) as { queries?: { queryHash: string; state: { data?: unknown } }[] };
    let agent: Agent | null = null;
    const seek = (value: unknown): void => {
      if (agent || typeof value !== 'object' || value === null) return;
      if (isAgent(value, id)) agent = value;
      else for (const child of Object.values(value)) seek(child);
    };
    for (const query of state.queries ?? []) seek(query.state.data);
    const session = state.queries?.find((q) => q.queryHash === '["auth","session"]')?.state.data;
    if (agent) {
      // As the API sends it: without what a search adds.
      const { highlights: _highlights, ...plain } = agent as Agent & { highlights?: unknown };
      agent = plain;
    }
    return { agent, signedIn: session !== null && session !== undefined };
  } catch {
    return { agent: null, signedIn: false };
  }
}

const due = new Set<() => void>();

/** Every write still waiting for its frame, now: the page is being left or hidden (a frame may never come). */
function flush(): void {
  for (const go of [...due]) go();
}

/**
 * A frame from now (the pressed state is painted first), or at once when the page is left or hidden
 * before that frame: a tap followed at once by a link loses nothing.
 */
function soon(): Promise<void> {
  if (due.size === 0) {
    addEventListener('pagehide', flush, { once: true });
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush(), {
      once: true,
    });
  }
  return new Promise((resolve) => {
    const go = () => due.delete(go) && resolve();
    due.add(go);
    requestAnimationFrame(() => setTimeout(go, 0));
  });
}

/** Writes the choice asked now for the agent; says what it did and which choice it wrote. */
async function writeChoice(id: number, text: string | null): Promise<{ outcome: EarlySaveOutcome; wrote: boolean }> {
  const want = asked.get(id)!;
  const { agent, signedIn } = fromServed(text, id);
  try {
    const savedAt = Date.now();
    if (want && !agent) return { outcome: 'not kept', wrote: (await getSavedAgent(id)) !== undefined };
    // Read and written in one transaction, begun at once: a page left right after the tap keeps it.
    const already = await keepSavedChoice(id, want ? { id, agent: agent!, savedAt, synced: false } : null);
    if (already) return { outcome: 'kept', wrote: want };
    if (!signedIn) return { outcome: 'kept', wrote: want };
    await addToOutbox(savedChange(agent ?? { id, name: `agent ${id}` }, want, savedAt));
    return { outcome: 'kept and queued', wrote: want };
  } catch {
    return { outcome: 'not kept', wrote: !want };
  }
}

/** Keeps a Save tapped before the app: the last choice for the agent, a frame from now. */
export function keepEarlySave(id: number, save: boolean): void {
  asked.set(id, save);
  // The device's database opened now, not a frame later: a page left at once still has time to write.
  void openOfflineDb().catch(() => undefined);
  // One already on its way keeps the last choice, or is followed by one that does.
  if (written.has(id)) return;
  const text = servedText();
  const write = soon().then(() => writeChoice(id, text));
  written.set(
    id,
    write.then(({ outcome }) => outcome),
  );
  void write.then(({ outcome, wrote }) => {
    written.delete(id);
    // Tapped again while it was written: the last choice too (not again a write that failed: the app keeps it).
    if (outcome !== 'not kept' && asked.get(id) !== wrote) keepEarlySave(id, asked.get(id)!);
  });
}

/**
 * What the entry script did with an agent's early Save, once every write of it is done (null when
 * there was none): the app's button waits for it before it keeps anything itself.
 */
export async function earlySaveWritten(id: number): Promise<EarlySaveOutcome | null> {
  let outcome: EarlySaveOutcome | null = null;
  for (let pending = written.get(id); pending; pending = written.get(id)) {
    outcome = await pending;
    // Its follow-up, if any, is registered as this one settles.
    await Promise.resolve();
  }
  return outcome;
}
