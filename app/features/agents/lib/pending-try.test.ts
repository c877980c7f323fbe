import { afterEach, describe, expect, it } from 'vitest';
import { pendingTryWaits, savePendingTry } from './pending-try';

afterEach(() => {
  sessionStorage.clear();
  document.cookie = 'pending-try=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/';
});

describe('pendingTryWaits (the entry script starts the app for it)', () => {
  it('is true on the page of an agent whose try this tab left pending, at either of its addresses', () => {
    savePendingTry(7, 'key-1');
    expect(pendingTryWaits('/agents/7', true)).toBe(true);
    expect(pendingTryWaits('/agent/7/', true)).toBe(true);
  });

  it("is false on another agent's page, on a page that is no agent's, and without the marker", () => {
    savePendingTry(7, 'key-1');
    expect(pendingTryWaits('/agents/8', true)).toBe(false);
    expect(pendingTryWaits('/agents', true)).toBe(false);
    expect(pendingTryWaits('/creators/7', true)).toBe(false);
    // The marker did not come with the page's request: sessionStorage is not even opened.
    expect(pendingTryWaits('/agents/7', false)).toBe(false);
  });
});
