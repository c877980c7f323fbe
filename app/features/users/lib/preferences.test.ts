import { beforeEach, describe, expect, it } from 'vitest';
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

  it('ignores a damaged entry', () => {
    localStorage.setItem(PREFERENCES_KEY, '{nope');
    expect(readPreferences()).toEqual({ reducedMotion: false, compact: false });
  });
});
