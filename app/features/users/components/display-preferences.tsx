import { useLayoutEffect } from 'react';
import { applyPreferences } from '../lib/preferences';

/** Applies this device's saved display preferences when the app starts. */
export function DisplayPreferencesEffect() {
  useLayoutEffect(() => applyPreferences(), []);
  return null;
}
