import { IDEMPOTENCY_IN_PROGRESS } from '#common/idempotency.ts';
import { isQuotaError, QUOTA_MESSAGE, request, STORES, transact } from './offline-db';

/**
 * The outbox: requests the person was told are saved, kept in IndexedDB until the server has them
 * (docs/decisions/0004). Shared by the pages and the service worker (Background Sync), so no React
 * here. Each item is its own Idempotency-Key: however often it is sent, it is stored once.
 */

export type OutboxState = 'queued' | 'sending' | 'delivered' | 'failed';
export type OutboxKind = 'proposal' | 'review' | 'save' | 'unsave';

export interface OutboxItem {
  /** Also the Idempotency-Key the request carries. */
  id: string;
  /** What it is: a proposal, a review, or a save or removal of a saved agent (docs/decisions/0027). */
  kind: OutboxKind;
  /** What the person recognises it by (a proposal's name, the reviewed or saved agent's name). */
  label: string;
  url: string;
  /** POST when absent (proposals and reviews); saves are PUT, their removal DELETE. */
  method?: 'POST' | 'PUT' | 'DELETE';
  /** The agent a review or a save is about. */
  agentId?: number;
  body: unknown;
  createdAt: number;
  state: OutboxState;
  attempts: number;
  /** Not sent again by a page before this time (backoff); the browser's Background Sync ignores it. */
  nextAttemptAt: number;
  deliveredAt?: number;
  /** The server's refusal (a 4xx): the item is kept for editing, never dropped by itself. */
  error?: string;
  /** Field messages of that refusal, by field name. */
  fieldErrors?: Record<string, string>;
}

/** `quiet`: the page that sent it tells the person itself (the form's own thank-you or message). */
export type OutboxEvent =
  | { type: 'changed' }
  | { type: 'delivered'; item: OutboxItem; quiet?: boolean }
  | { type: 'failed'; item: OutboxItem; quiet?: boolean };

/** The Background Sync tag the service worker replays the outbox on. */
export const OUTBOX_SYNC_TAG = 'outbox';
/** Delivered items stay listed (as delivered) this long, then go. */
export const DELIVERED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
const BACKOFF_BASE_MS = 2000;
const BACKOFF_MAX_MS = 5 * 60 * 1000;

/** Waiting time before attempt `attempts + 1`: doubling from 2 s up to 5 minutes, or what the server asked. */
export function backoffMs(attempts: number, retryAfterSeconds?: number | null): number {
  if (retryAfterSeconds != null && Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0)
    return Math.min(retryAfterSeconds * 1000, BACKOFF_MAX_MS);
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

// --- storage -------------------------------------------------------------------------------------

const listeners = new Set<(event: OutboxEvent) => void>();
/**
 * Other contexts' news, heard once this one listens or tells. Made then, not when the module loads:
 * the entry script loads this module on every page (to see whether anything is queued), and making a
 * channel is part of a slow phone's first task (docs/decisions/0031). A context with no listener has
 * no one to tell what it would hear.
 */
let channel: BroadcastChannel | undefined | null = null;
function outboxChannel(): BroadcastChannel | undefined {
  if (channel === null) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('agentmarket-outbox') : undefined;
    channel?.addEventListener('message', (message: MessageEvent<OutboxEvent>) => {
      for (const listener of listeners) listener(message.data);
    });
  }
  return channel;
}

/** Tells this context and every other tab (and the service worker) what happened. */
function emit(event: OutboxEvent): void {
  for (const listener of listeners) listener(event);
  outboxChannel()?.postMessage(event);
}

export function subscribeOutbox(listener: (event: OutboxEvent) => void): () => void {
  outboxChannel();
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export const listOutbox = async (): Promise<OutboxItem[]> => {
  const items = await transact([STORES.outbox], 'readonly', (tx) =>
    request(tx.objectStore(STORES.outbox).getAll() as IDBRequest<OutboxItem[]>),
  );
  return items.sort((a, b) => a.createdAt - b.createdAt);
};

export const getOutboxItem = (id: string): Promise<OutboxItem | undefined> =>
  transact([STORES.outbox], 'readonly', (tx) =>
    request(tx.objectStore(STORES.outbox).get(id) as IDBRequest<OutboxItem | undefined>),
  );

const putItem = (item: OutboxItem) =>
  transact([STORES.outbox], 'readwrite', (tx) => void tx.objectStore(STORES.outbox).put(item));

/** Thrown when the device cannot keep an item; its message is the one to show. */
export class OutboxSaveError extends Error {
  constructor(override readonly cause: unknown) {
    super(isQuotaError(cause) ? QUOTA_MESSAGE : `${QUOTA_MESSAGE}: this browser does not allow saving data`);
    this.name = 'OutboxSaveError';
  }
}

/**
 * Adds an item and resolves only once IndexedDB has committed it: only then may the page say it is
 * saved. Asks the browser to keep the site's storage and for a Background Sync.
 */
export type NewOutboxItem = Pick<OutboxItem, 'id' | 'kind' | 'label' | 'url' | 'body' | 'method' | 'agentId'>;

/**
 * The time an item is queued at: now, but after the last item this page queued, so items queued
 * within one millisecond (a list of saves uploaded in a loop) keep their order, which is the order
 * they are listed and sent in; Date.now() alone left them in the order of their ids.
 */
let lastQueuedAt = 0;
const queuedAt = (): number => (lastQueuedAt = Math.max(Date.now(), lastQueuedAt + 1));

export async function addToOutbox(item: NewOutboxItem, now = queuedAt()): Promise<OutboxItem> {
  // Due at once: the order's stamp may run a millisecond or two ahead of the clock.
  const saved: OutboxItem = {
    ...item,
    createdAt: now,
    state: 'queued',
    attempts: 0,
    nextAttemptAt: Math.min(now, Date.now()),
  };
  try {
    await putItem(saved);
  } catch (error) {
    throw new OutboxSaveError(error);
  }
  emit({ type: 'changed' });
  void requestDelivery();
  return saved;
}

export async function discardOutboxItem(id: string): Promise<void> {
  await transact([STORES.outbox], 'readwrite', (tx) => void tx.objectStore(STORES.outbox).delete(id));
  emit({ type: 'changed' });
}

/** Puts a failed or waiting item back in line for now. */
export async function retryOutboxItem(id: string): Promise<void> {
  const item = await getOutboxItem(id);
  if (!item || item.state === 'delivered') return;
  await putItem({ ...item, state: 'queued', nextAttemptAt: Date.now(), error: undefined, fieldErrors: undefined });
  emit({ type: 'changed' });
  void requestDelivery();
}

// --- storage persistence and Background Sync -----------------------------------------------------

let persistAsked = false;

/** Once something is saved: asks the browser not to evict the site's storage under pressure. */
export async function requestPersistentStorage(): Promise<boolean> {
  if (persistAsked || typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
  persistAsked = true;
  try {
    return (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    return false;
  }
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks for a Background Sync (delivery even with the app closed) where the browser has it. */
async function requestDelivery(): Promise<void> {
  void requestPersistentStorage();
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof window === 'undefined') return;
  try {
    const registration = (await navigator.serviceWorker.getRegistration()) as
      (ServiceWorkerRegistration & SyncRegistration) | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync (or not allowed): pages replay the outbox on start and on reconnect.
  }
}

// --- delivery ------------------------------------------------------------------------------------

/**
 * What happened to something submitted through the outbox: `sent` (the server has it), `queued`
 * (committed to this device's outbox, sent by itself later), `refused` (the server's 4xx message) or
 * `not-saved` (offline and this device could not keep it either).
 */
export type SubmitResult =
  { kind: 'sent' } | { kind: 'queued' } | { kind: 'refused'; message: string } | { kind: 'not-saved'; message: string };

/**
 * Submits a request through the outbox: it is written to IndexedDB (and that write awaited) before
 * anything says it is saved, then sent at once unless the browser knows it is offline. Where the
 * device cannot keep it, an online browser still sends it directly. `keepRefused`: a refusal stays in
 * the outbox (shown under On this device) instead of going back to the form that sent it.
 */
export async function submitThroughOutbox(
  entry: NewOutboxItem,
  options: { online: boolean; replaces?: string; keepRefused?: boolean },
): Promise<SubmitResult> {
  let saved = true;
  try {
    await addToOutbox(entry);
    // An edited refusal replaces the refused item.
    if (options.replaces) await discardOutboxItem(options.replaces).catch(() => undefined);
  } catch (error) {
    if (!(error instanceof OutboxSaveError)) throw error;
    saved = false;
    if (!options.online) return { kind: 'not-saved', message: error.message };
  }
  if (!options.online) return { kind: 'queued' };
  if (!saved) {
    const item: OutboxItem = { ...entry, createdAt: Date.now(), state: 'sending', attempts: 0, nextAttemptAt: 0 };
    const outcome = await send(item);
    if (outcome.kind === 'delivered') return { kind: 'sent' };
    if (outcome.kind === 'refused') return { kind: 'refused', message: outcome.message };
    return {
      kind: 'not-saved',
      message: 'Could not save this for offline use, and the server could not be reached. Please try again.',
    };
  }
  const report = await deliverOutbox({ only: entry.id, force: true, quiet: true });
  if (report.delivered.some((item) => item.id === entry.id)) return { kind: 'sent' };
  const refused = report.refused.find((item) => item.id === entry.id);
  if (refused) {
    // The form shows the refusal and keeps the text for editing: no second copy waits in the outbox.
    if (!options.keepRefused) await discardOutboxItem(entry.id).catch(() => undefined);
    return { kind: 'refused', message: refused.error ?? 'It was not accepted' };
  }
  return { kind: 'queued' };
}

type Outcome =
  | { kind: 'delivered' }
  | { kind: 'retry'; retryAfterSeconds?: number | null }
  | { kind: 'refused'; message: string; fieldErrors?: Record<string, string> };

/** Sends one item with its Idempotency-Key and sorts the answer: delivered, worth retrying, or refused. */
export async function send(item: OutboxItem, fetcher: typeof fetch = fetch): Promise<Outcome> {
  let res: Response;
  try {
    res = await fetcher(item.url, {
      method: item.method ?? 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': item.id },
      body: JSON.stringify(item.body),
    });
  } catch {
    // No network (or lie-fi): try again later.
    return { kind: 'retry' };
  }
  if (res.ok) return { kind: 'delivered' };
  if (res.status === 429 || res.status === 408 || res.status >= 500) {
    const retryAfter = res.headers.get('Retry-After');
    return { kind: 'retry', retryAfterSeconds: retryAfter === null ? null : Number(retryAfter) };
  }
  const text = await res.text().catch(() => '');
  // 409 "still being processed": the first send with this key is running on the server; ask again.
  if (res.status === 409 && text.includes(IDEMPOTENCY_IN_PROGRESS))
    return { kind: 'retry', retryAfterSeconds: Number(res.headers.get('Retry-After') ?? 2) };
  let message = `${res.status}: ${text || res.statusText}`;
  let fieldErrors: Record<string, string> | undefined;
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown; errors?: unknown; fields?: unknown };
    const value = body.message ?? body.error;
    if (typeof value === 'string' && value) message = value;
    const fields = body.fields ?? body.errors;
    if (fields && typeof fields === 'object' && !Array.isArray(fields)) {
      fieldErrors = Object.fromEntries(
        Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
    }
  } catch {
    // Not JSON: the status line is the message.
  }
  return { kind: 'refused', message, fieldErrors };
}

export interface DeliveryReport {
  delivered: OutboxItem[];
  refused: OutboxItem[];
  /** Items still waiting (retryable failures, or not due yet). */
  waiting: number;
  /** When the earliest waiting item is due, if any. */
  nextAttemptAt: number | null;
}

/** One delivery run at a time across tabs and the service worker (Web Locks where available). */
function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator.locks as LockManager | undefined) : undefined;
  return locks ? (locks.request('agentmarket-outbox', work) as Promise<T>) : work();
}

/**
 * Sends what is due, oldest first. `force` ignores the backoff (reconnect, Background Sync, Retry);
 * `only` limits the run to one item (the form that just queued it). Answers: delivered items are kept
 * as delivered for a while; refusals are kept, with the server's message, for editing; anything else
 * waits with a growing backoff.
 */
export function deliverOutbox(
  options: { force?: boolean; only?: string; quiet?: boolean; fetcher?: typeof fetch; now?: () => number } = {},
): Promise<DeliveryReport> {
  const now = options.now ?? Date.now;
  return exclusively(async () => {
    const report: DeliveryReport = { delivered: [], refused: [], waiting: 0, nextAttemptAt: null };
    const items = await listOutbox();
    for (const item of items) {
      if (item.state === 'delivered') {
        if (item.deliveredAt !== undefined && now() - item.deliveredAt > DELIVERED_KEPT_MS)
          await discardOutboxItem(item.id);
        continue;
      }
      if (item.state === 'failed') continue;
      const isTarget = options.only === undefined || options.only === item.id;
      // 'sending' here means a page or worker died mid-send (the lock is ours): send it again.
      if (!isTarget || (!options.force && item.nextAttemptAt > now())) {
        report.waiting += 1;
        report.nextAttemptAt = Math.min(report.nextAttemptAt ?? Number.POSITIVE_INFINITY, item.nextAttemptAt);
        continue;
      }
      await putItem({ ...item, state: 'sending' });
      emit({ type: 'changed' });
      const outcome = await send(item, options.fetcher);
      const attempts = item.attempts + 1;
      if (outcome.kind === 'delivered') {
        const done: OutboxItem = {
          ...item,
          state: 'delivered',
          attempts,
          deliveredAt: now(),
          error: undefined,
          fieldErrors: undefined,
        };
        await putItem(done);
        report.delivered.push(done);
        emit({ type: 'delivered', item: done, quiet: options.quiet });
      } else if (outcome.kind === 'refused') {
        const failed: OutboxItem = {
          ...item,
          state: 'failed',
          attempts,
          error: outcome.message,
          fieldErrors: outcome.fieldErrors,
        };
        await putItem(failed);
        report.refused.push(failed);
        emit({ type: 'failed', item: failed, quiet: options.quiet });
      } else {
        const nextAttemptAt = now() + backoffMs(attempts, outcome.retryAfterSeconds);
        await putItem({ ...item, state: 'queued', attempts, nextAttemptAt });
        report.waiting += 1;
        report.nextAttemptAt = Math.min(report.nextAttemptAt ?? Number.POSITIVE_INFINITY, nextAttemptAt);
        emit({ type: 'changed' });
      }
    }
    return report;
  });
}
