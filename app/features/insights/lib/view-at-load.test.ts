import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const beacon = vi.fn((_url: string) => true);

beforeEach(() => {
  vi.resetModules();
  beacon.mockClear();
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
});
afterEach(() => {
  document.head.querySelectorAll('meta[name="view-counted"]').forEach((meta) => meta.remove());
  Reflect.deleteProperty(document, 'prerendering');
  history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

/** The module as a fresh page load has it, on `path`, the server's word `counted` in its head. */
async function pageAt(path: string, counted?: string) {
  history.replaceState(null, '', path);
  if (counted !== undefined) document.head.append(Object.assign(document.createElement('meta'), { name: 'view-counted', content: counted }));
  return import('./view-at-load');
}

it("takes the server's count: no request, and the app does not count that agent again", async () => {
  const { countViewAtLoad, viewCountedAtLoad } = await pageAt('/agents/5', '5');
  countViewAtLoad();
  expect(beacon).not.toHaveBeenCalled();
  expect([viewCountedAtLoad(5), viewCountedAtLoad(6)]).toEqual([true, false]);
});

it('counts a page the server did not (a prefetched one) with a beacon, once', async () => {
  const { countViewAtLoad, viewCountedAtLoad } = await pageAt('/agent/7/');
  countViewAtLoad();
  expect(beacon.mock.calls).toEqual([['/api/agents/7/views']]);
  expect(viewCountedAtLoad(7)).toBe(true);
});

it('counts a prerendered page only once it is shown', async () => {
  Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
  const { countViewAtLoad } = await pageAt('/agents/8');
  countViewAtLoad();
  expect(beacon).not.toHaveBeenCalled();
  document.dispatchEvent(new Event('prerenderingchange'));
  expect(beacon.mock.calls).toEqual([['/api/agents/8/views']]);
});

it('counts nothing on the Not Found page or a page that is not an agent', async () => {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ responseStatus: 404 } as unknown as PerformanceEntry]);
  const first = await pageAt('/agents/999999');
  first.countViewAtLoad();
  vi.resetModules();
  const second = await pageAt('/agents/1/reviews');
  second.countViewAtLoad();
  expect(beacon).not.toHaveBeenCalled();
  expect([first.viewCountedAtLoad(999999), second.viewCountedAtLoad(1)]).toEqual([false, false]);
});
