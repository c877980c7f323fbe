// Settings, 'Where you are signed in' (docs/decisions/0038): one list of what can act for the
// account, each with its own way out, and 'Sign out of all devices' under it. The browsers are this
// feature's; the page adds the other kinds (API tokens now, connected apps later) as `children`,
// each rendering list items and saying through `onRemoved` what it removed. Features never import
// each other (docs/decisions/0034), so the page puts them together.
import { WifiOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useOnline } from '#app/hooks/use-online.ts';
import { SignedInBrowsers } from './signed-in-browsers';
import { SignOutEverywhere } from './sign-out-everywhere';

/** Said politely once a row has gone ('Token revoked: Build script', 'Signed out of Chrome on Android'). */
export type OnRemoved = (message: string) => void;

export function WhereSignedIn({ children }: { children?: (onRemoved: OnRemoved) => ReactNode }) {
  const online = useOnline();
  const [message, setMessage] = useState('');
  const [removals, setRemovals] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  // The button pressed went with its row: focus stays in the list rather than falling to the page's start.
  useEffect(() => {
    if (removals > 0) list.current?.focus();
  }, [removals]);
  const onRemoved = useCallback<OnRemoved>((text) => {
    setMessage(text);
    setRemovals((n) => n + 1);
  }, []);

  return (
    <div className="grid gap-6">
      {!online && (
        <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>You are offline. Signing a browser out and revoking a token need a connection.</span>
        </p>
      )}
      <div className="grid gap-3">
        <ul
          ref={list}
          tabIndex={-1}
          aria-label="Browsers and API tokens"
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 focus:outline-none"
        >
          <SignedInBrowsers onRemoved={onRemoved} />
          {children?.(onRemoved)}
        </ul>
        {/* Always in the page, so the message is announced when it arrives. */}
        <p role="status" className={message ? 'text-sm text-emerald-800' : 'sr-only'}>
          {message}
        </p>
      </div>
      <SignOutEverywhere />
    </div>
  );
}
