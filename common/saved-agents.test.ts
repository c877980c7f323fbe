import { expect, it } from 'vitest';
import { parseSavedAgentsCookie, savedAgentsCookieValue } from './saved-agents';

it("the saved-agents cookie names the device's ids in order, and reads back the same", () => {
  expect(savedAgentsCookieValue([12, 3, 450])).toBe('12.3.450');
  expect(parseSavedAgentsCookie('12.3.450')).toEqual([12, 3, 450]);
  expect(savedAgentsCookieValue([])).toBe('');
  expect(parseSavedAgentsCookie(undefined)).toEqual([]);
});

it('a cookie from anywhere else loses what is not an id, and counts each id once', () => {
  expect(parseSavedAgentsCookie('5.x.-1.0.05.5.1e3.7.9999999999.%20')).toEqual([5, 7]);
  expect(parseSavedAgentsCookie('')).toEqual([]);
});

it('a list too long for one cookie keeps its newest saves, whole ids only, and at most 500', () => {
  const many = Array.from({ length: 800 }, (_, i) => 100_000 + i);
  const value = savedAgentsCookieValue(many);
  expect(value.length).toBeLessThanOrEqual(3000);
  const kept = parseSavedAgentsCookie(value);
  expect(kept).toEqual(many.slice(0, kept.length));
  expect(kept.length).toBe(428);
  const small = Array.from({ length: 800 }, (_, i) => i + 1);
  expect(parseSavedAgentsCookie(savedAgentsCookieValue(small))).toHaveLength(500);
});
