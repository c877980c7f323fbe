// Settings' 'Connected apps' list (docs/decisions/0042): each app connected through OAuth as a row
// like a token's or a browser's (AccessRow): what it may do, what it spent this month against its
// limit, when it was connected and last used, Change limit and Revoke. A revoked app's row goes and
// the list says so; focus stays in the list.
import { Bot } from 'lucide-react';
import type { Connection } from '#common/api-schemas.ts';
import { AccessList, OfflineNote } from '#app/components/ui/access-list.tsx';
import { AccessRows, type AccessKindProps } from '#app/components/ui/access-row.tsx';
import { CredentialRow } from '#app/components/ui/credential-row.tsx';
import { useOnline } from '#app/hooks/use-online.ts';
import {
  forgetConnection,
  useConnections,
  useRevokeConnection,
  useSetConnectionLimit,
} from '#app/features/connections/api/connections.ts';

function ConnectionRow({ app, online, onRemoved }: AccessKindProps & { app: Connection; online: boolean }) {
  const setLimit = useSetConnectionLimit();
  const revoke = useRevokeConnection();
  return (
    <CredentialRow
      credential={app}
      icon={Bot}
      fieldId={`connection-${app.id}-limit`}
      // Its list is Connected apps: no need to say what kind of row it is.
      words={{
        since: 'Connected',
        revokeLabel: `Revoke ${app.name}`,
        revokeDescription:
          'It stops working with your account at once. To use it again, connect it again from the app and allow it here.',
        confirmLabel: 'Revoke access',
        revoked: `App disconnected: ${app.name}`,
        revokeFailed: 'The app could not be disconnected. Please try again.',
      }}
      online={online}
      onRemoved={onRemoved}
      setLimit={setLimit}
      revoke={revoke}
      forget={forgetConnection}
    />
  );
}

/** The apps' rows, or what stands for them until they come (AccessRows); none is one quiet row. */
function ConnectedAppRows({ onRemoved }: AccessKindProps) {
  return (
    <AccessRows query={useConnections()} what="your connected apps">
      {(apps, online) =>
        apps.length === 0 ? (
          <li className="p-4 text-sm text-slate-600">
            No apps connected yet. Connect an assistant with the address below: you allow it here, in your browser.
          </li>
        ) : (
          apps.map((app) => <ConnectionRow key={app.id} app={app} online={online} onRemoved={onRemoved} />)
        )
      }
    </AccessRows>
  );
}

/** The list, what it last removed (announced politely), and a note while offline. */
export function ConnectedApps() {
  const online = useOnline();
  return (
    <div className="grid gap-3">
      {!online && <OfflineNote>You are offline. Changing a limit and revoking an app need a connection.</OfflineNote>}
      <AccessList label="Connected apps">{(onRemoved) => <ConnectedAppRows onRemoved={onRemoved} />}</AccessList>
    </div>
  );
}
