import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

/** A positive whole number from a query parameter, else undefined. */
export const positiveParam = (value: string | null): number | undefined => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** Sets (or, for undefined, null and '', removes) parameters of the URL. */
export type UpdateParams = (changes: Record<string, string | number | undefined | null>) => void;

/**
 * Listing filters kept in the URL, so a filtered view can be shared, bookmarked and restored with
 * the back button. Updates replace the history entry: each keystroke is not a step back.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const update: UpdateParams = useCallback(
    (changes) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, update] as const;
}
