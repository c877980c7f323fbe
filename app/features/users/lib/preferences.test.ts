import { beforeEach, describe, expect, it } from 'vitest';
import { hasCookie } from '#app/lib/cookies.ts';
import { PREFERENCES_COOKIE } from '#common/constants.ts';
import { PREFERENCES_KEY, readPreferences, resetPreferences, savePreferences } from './preferences';

describe('display preferences', () => {
  beforeEach(() => localStorage.clear());

  it('saves, applies and resets', () => {
    expect(readPreferences()).toEqual({ reducedMotion: false, compact: false });
    savePreferences({ compact: true });
    expect(JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}')).toMatchObject({ compact: true });
    expect(document.documentElement.dataset.density).toBe('compact');
    savePreferences({ reducedMotion: true });
    expect(document.documentElement.dataset.reducedMotion).toBe('true');
    resetPreferences();
    expect(readPreferences()).toEqual({ reducedMotion: false, compact: false });
    expect(document.documentElement.dataset.density).toBeUndefined();
    expect(document.documentElement.dataset.reducedMotion).toBeUndefined();
  });

  it('a cookie says whether one is set, so the entry script opens localStorage only then; older saves get it at their first read', () => {
    expect(hasCookie(PREFERENCES_COOKIE)).toBe(false);
    savePreferences({ compact: true });
    expect(hasCookie(PREFERENCES_COOKIE)).toBe(true);
    savePreferences({ compact: false });
    expect(hasCookie(PREFERENCES_COOKIE)).toBe(false);
    savePreferences({ reducedMotion: true });
    resetPreferences();
    expect(hasCookie(PREFERENCES_COOKIE)).toBe(false);

    // Saved by a version without the cookie.
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ reducedMotion: true, compact: false }));
    expect(readPreferences()).toEqual({ reducedMotion: true, compact: false });
    expect(hasCookie(PREFERENCES_COOKIE)).toBe(true);
  });

  it('ignores a damaged entry', () => {
    localStorage.setItem(PREFERENCES_KEY, '{nope');
    expect(readPreferences()).toEqual({ reducedMotion: false, compact: false });
  });
});
