import { WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * Shown instead of an endless skeleton when a list or page was never saved on this device and there
 * is no connection; `children`, the ways on from there (Saved, Back).
 */
export function OfflineNotice({ what = 'these agents', children }: { what?: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 px-6 py-10 text-center text-amber-900">
      <WifiOff aria-hidden className="mx-auto size-8" />
      <p className="mt-3 font-semibold">You are offline</p>
      <p className="mt-1 text-sm">{`${what.charAt(0).toUpperCase()}${what.slice(1)} have not been saved on this device yet. They will load when you are back online.`}</p>
      {children}
    </div>
  );
}
