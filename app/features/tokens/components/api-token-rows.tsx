// The account's personal API tokens (docs/decisions/0030) as rows of Settings' one list, 'Where you
// are signed in' (docs/decisions/0038): name, what it may do, when it was made and last used, what it
// spent this month against its limit (docs/decisions/0042), Change limit and Revoke.
// Like every kind in that list, it renders list items only and says what it removed through
// `onRemoved`; the page puts the kinds together.
import { KeyRound } from 'lucide-react';
import type { ApiTokenSummary } from '#common/api-tokens.ts';
import { AccessRows, type AccessKindProps } from '#app/components/ui/access-row.tsx';
import { CredentialRow } from '#app/components/ui/credential-row.tsx';
import { forgetToken, useApiTokens, useRevokeToken, useSetTokenLimit } from '#app/features/tokens/api/tokens.ts';

function TokenRow({ token, online, onRemoved }: AccessKindProps & { token: ApiTokenSummary; online: boolean }) {
  const setLimit = useSetTokenLimit();
  const revoke = useRevokeToken();
  return (
    <CredentialRow
      credential={token}
      icon={KeyRound}
      fieldId={`token-${token.id}-limit`}
      words={{
        // Its list holds browsers too: 'API token.' says what kind of row it is.
        kind: 'API token.',
        since: 'Created',
        revokeLabel: `Revoke token ${token.name}`,
        revokeDescription: 'Programs and assistants using this token stop working at once. It cannot be undone.',
        confirmLabel: 'Revoke token',
        revoked: `Token revoked: ${token.name}`,
        revokeFailed: 'The token could not be revoked. Please try again.',
      }}
      online={online}
      onRemoved={onRemoved}
      setLimit={setLimit}
      revoke={revoke}
      forget={forgetToken}
    />
  );
}

/** The tokens' rows, or what stands for them until they come (AccessRows); no tokens is one quiet row. */
export function ApiTokenRows({ onRemoved }: AccessKindProps) {
  return (
    <AccessRows query={useApiTokens()} what="your API tokens">
      {(tokens, online) =>
        tokens.length === 0 ? (
          <li className="p-4 text-sm text-slate-600">No API tokens yet.</li>
        ) : (
          tokens.map((token) => <TokenRow key={token.id} token={token} online={online} onRemoved={onRemoved} />)
        )
      }
    </AccessRows>
  );
}
