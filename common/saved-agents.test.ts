import { expect, it } from 'vitest';
import { parseSavedAgentsCookie, savedAgentIdsToDraw, savedAgentsCookieValue } from './saved-agents';

it("the saved-agents cookie names the device's ids in order, and reads back the same", () => {
  expect(savedAgentsCookieValue([12, 3, 450])).toBe('12.3.450');
  expect(parseSavedAgentsCookie('12.3.450')).toEqual([12, 3, 450]);
  expect(savedAgentsCookieValue([])).toBe('');
  expect(parseSavedAgentsCookie(undefined)).toEqual([]);
});

it('a cookie from anywhere else loses what is not an id, and counts each id once', () => {
  expect(parseSavedAgentsCookie('5.x.-1.0.05.5.1e3.7.9999999999.%20.1288421237')).toEqual([5, 7, 1288421237]);
  expect(parseSavedAgentsCookie('')).toEqual([]);
});

it('a list longer than a page of cards names its newest saves only', () => {
  const many = Array.from({ length: 800 }, (_, i) => 1_000_000_000 + i);
  const value = savedAgentsCookieValue(many);
  expect(parseSavedAgentsCookie(value)).toEqual(many.slice(0, 48));
  expect(value.length).toBeLessThan(1000);
  expect(parseSavedAgentsCookie(many.join('.'))).toHaveLength(48);
});

it("signed in, /saved is drawn from the device's saves not on the account, then the account's, each once", () => {
  // A new device: the account's list.
  expect(savedAgentIdsToDraw([], [9, 4, 7])).toEqual([9, 4, 7]);
  // Saved here and not sent yet (or saved signed out): first; what both have keeps the account's place.
  expect(savedAgentIdsToDraw([3, 4, 8], [9, 4, 7])).toEqual([3, 8, 9, 4, 7]);
  expect(savedAgentIdsToDraw([5], [])).toEqual([5]);
  // Never more than a page of cards.
  const many = Array.from({ length: 60 }, (_, i) => i + 1);
  expect(savedAgentIdsToDraw(many.slice(0, 30), many.slice(20))).toEqual(many.slice(0, 48));
});
