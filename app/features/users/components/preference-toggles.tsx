import { useSyncExternalStore } from 'react';
import {
  DEFAULT_PREFERENCES,
  readPreferences,
  savePreferences,
  subscribePreferences,
  type DisplayPreferences,
} from '#app/features/users/lib/preferences.ts';

const usePreferences = (): DisplayPreferences =>
  useSyncExternalStore(subscribePreferences, readPreferences, () => DEFAULT_PREFERENCES);

const OPTIONS: { key: keyof DisplayPreferences; label: string; description: string }[] = [
  {
    key: 'reducedMotion',
    label: 'Reduce motion',
    description: 'Turns off animations, loading shimmer and smooth scrolling on this device.',
  },
  {
    key: 'compact',
    label: 'Compact layout',
    description: 'Smaller text and spacing, so more agents and history rows fit on the screen.',
  },
];

/** Display preferences of this device, applied at once and remembered. */
export function PreferenceToggles() {
  const prefs = usePreferences();
  return (
    <ul className="grid gap-3">
      {OPTIONS.map(({ key, label, description }) => (
        <li key={key}>
          <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-4 hover:bg-slate-50">
            <input
              type="checkbox"
              role="switch"
              checked={prefs[key]}
              onChange={(e) => savePreferences({ [key]: e.target.checked })}
              aria-describedby={`pref-${key}-description`}
              className="mt-1 size-4 accent-brand-600"
            />
            <span>
              <span className="block font-medium">{label}</span>
              <span id={`pref-${key}-description`} className="block text-sm text-slate-600">
                {description}
              </span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
