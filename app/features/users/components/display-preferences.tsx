import { useLayoutEffect } from 'react';
import { applyPreferences } from '#app/features/users/lib/preferences.ts';

/** Applies this device's saved display preferences when the app starts. */
export function DisplayPreferencesEffect() {
  useLayoutEffect(() => applyPreferences(), []);
  return null;
}
