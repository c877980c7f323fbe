// Settings, 'Where you are signed in' (docs/decisions/0038): one list of what can act for the
// account, each with its own way out, and 'Sign out of all devices' under it. The browsers are this
// feature's; the page adds the other kinds (API tokens now, connected apps later) as `children`,
// each rendering list items and saying through `onRemoved` what it removed. Features never import
// each other (docs/decisions/0034), so the page puts them together.
import type { ReactNode } from 'react';
import { AccessList, OfflineNote, type OnRemoved } from '#app/components/ui/access-list.tsx';
import { useOnline } from '#app/hooks/use-online.ts';
import { SignedInBrowsers } from './signed-in-browsers';
import { SignOutEverywhere } from './sign-out-everywhere';

export function WhereSignedIn({ children }: { children?: (onRemoved: OnRemoved) => ReactNode }) {
  const online = useOnline();
  return (
    <div className="grid gap-6">
      {!online && (
        <OfflineNote>You are offline. Signing a browser out and revoking a token need a connection.</OfflineNote>
      )}
      <AccessList label="Browsers and API tokens">
        {(onRemoved) => (
          <>
            <SignedInBrowsers onRemoved={onRemoved} />
            {children?.(onRemoved)}
          </>
        )}
      </AccessList>
      <SignOutEverywhere />
    </div>
  );
}
