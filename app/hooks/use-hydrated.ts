import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React hydrates server HTML (and on the server), true after and in any render the
 * browser does by itself. What only the browser knows (the signed-in user, the device's settings)
 * renders behind it, so hydration sees exactly what the server sent and then updates.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
