import { afterEach, expect, it, vi } from 'vitest';
import { handToWorker } from './service-worker';

afterEach(() => {
  vi.useRealTimers();
});

/** A worker in `state` that answers on the message's port when `answers`, as app/sw.ts does once it has written ('saved') or could not ('failed'). */
function workerThat(answers: boolean, state: ServiceWorkerState = 'installing', answer: 'saved' | 'failed' = 'saved') {
  const worker = Object.assign(new EventTarget(), {
    state,
    received: [] as unknown[],
    postMessage(message: unknown, transfer: Transferable[]) {
      worker.received.push(message);
      if (answers) (transfer[0] as MessagePort).postMessage(answer);
    },
  });
  return worker;
}
const registrationWith = (
  worker: ReturnType<typeof workerThat> | null,
  as: 'active' | 'waiting' | 'installing' = 'installing',
) => ({ active: null, waiting: null, installing: null, [as]: worker }) as unknown as ServiceWorkerRegistration;

it("hands the page's JSON text to the installing worker and resolves once it says it saved it", async () => {
  const worker = workerThat(true);
  await expect(handToWorker(registrationWith(worker), '{"queries":[]}')).resolves.toBe(true);
  expect(worker.received).toEqual([{ type: 'SAVE_SERVED', text: '{"queries":[]}' }]);
});

it('prefers the active worker to one waiting or installing', async () => {
  const active = workerThat(true, 'activated');
  const installing = workerThat(true);
  const registration = { active, waiting: null, installing } as unknown as ServiceWorkerRegistration;
  await expect(handToWorker(registration, '{}')).resolves.toBe(true);
  expect(active.received).toHaveLength(1);
  expect(installing.received).toHaveLength(0);
});

it('resolves false, for the page to save it, when there is no worker, the worker could not write, becomes redundant, or never answers', async () => {
  await expect(handToWorker(registrationWith(null), '{}')).resolves.toBe(false);
  await expect(handToWorker(registrationWith(workerThat(true, 'activated', 'failed'), 'active'), '{}')).resolves.toBe(
    false,
  );

  const failing = workerThat(false);
  const redundant = handToWorker(registrationWith(failing), '{}');
  failing.state = 'redundant';
  failing.dispatchEvent(new Event('statechange'));
  await expect(redundant).resolves.toBe(false);

  vi.useFakeTimers();
  const silent = handToWorker(registrationWith(workerThat(false), 'active'), '{}');
  vi.advanceTimersByTime(10_000);
  await expect(silent).resolves.toBe(false);
});
