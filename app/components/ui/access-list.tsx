// Settings' lists of what can act for the account ('Where you are signed in', 'Connected apps',
// docs/decisions/0038 and 0042): the rows of each kind (AccessRow) in one list, what was last removed
// announced politely, and focus kept in the list when a row goes with the button pressed.
import { WifiOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

/** Said politely once a row has gone ('Token revoked: Build script', 'Signed out of Chrome on Android'). */
export type OnRemoved = (message: string) => void;

/** While offline: what in the list needs the connection. */
export function OfflineNote({ children }: { children: ReactNode }) {
  return (
    <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/** The list named `label`; `children` draws its rows, told how to say what they removed. */
export function AccessList({ label, children }: { label: string; children: (onRemoved: OnRemoved) => ReactNode }) {
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
    <div className="grid gap-3">
      <ul
        ref={list}
        tabIndex={-1}
        aria-label={label}
        className="divide-y divide-slate-200 rounded-lg border border-slate-200 focus:outline-none"
      >
        {children(onRemoved)}
      </ul>
      {/* Always in the page, so the message is announced when it arrives. */}
      <p role="status" className={message ? 'text-sm text-emerald-800' : 'sr-only'}>
        {message}
      </p>
    </div>
  );
}
