import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const beacon = vi.fn((_url: string) => true);

beforeEach(() => {
  vi.resetModules();
  beacon.mockClear();
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
});
afterEach(() => {
  document.head.querySelectorAll('meta[name^="view-"]').forEach((meta) => meta.remove());
  Reflect.deleteProperty(document, 'prerendering');
  vi.restoreAllMocks();
});

/** The module as a fresh page load has it, with the server's word in its head (`view-counted` or `view-to-count`). */
async function pageWith(name?: 'view-counted' | 'view-to-count', content = '') {
  if (name) document.head.append(Object.assign(document.createElement('meta'), { name, content }));
  return import('./view-at-load');
}

it("takes the server's count: no request, and the app does not count that agent again", async () => {
  const { countViewAtLoad, viewCountedAtLoad } = await pageWith('view-counted', '5');
  countViewAtLoad();
  expect(beacon).not.toHaveBeenCalled();
  expect([viewCountedAtLoad(5), viewCountedAtLoad(6)]).toEqual([true, false]);
});

it('counts the view the server left to the page (a prefetched one) with a beacon', async () => {
  const { countViewAtLoad, viewCountedAtLoad } = await pageWith('view-to-count', '7');
  countViewAtLoad();
  expect(beacon.mock.calls).toEqual([['/api/agents/7/views']]);
  expect([viewCountedAtLoad(7), viewCountedAtLoad(5)]).toEqual([true, false]);
});

it('counts a prerendered page only once it is shown', async () => {
  Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
  const { countViewAtLoad } = await pageWith('view-to-count', '8');
  countViewAtLoad();
  expect(beacon).not.toHaveBeenCalled();
  document.dispatchEvent(new Event('prerenderingchange'));
  expect(beacon.mock.calls).toEqual([['/api/agents/8/views']]);
});

it("does not count again a page shown from the browser's cache by Back", async () => {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'back_forward' } as PerformanceNavigationTiming]);
  const { countViewAtLoad, viewCountedAtLoad } = await pageWith('view-to-count', '9');
  countViewAtLoad();
  expect(beacon).not.toHaveBeenCalled();
  expect(viewCountedAtLoad(9)).toBe(true);
});

it('counts nothing on a page without a view (not an agent page, the Not Found page)', async () => {
  const { countViewAtLoad, viewCountedAtLoad } = await pageWith();
  countViewAtLoad();
  expect(beacon).not.toHaveBeenCalled();
  expect(viewCountedAtLoad(1)).toBe(false);
});
