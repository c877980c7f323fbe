// 'Sign out of all devices' (docs/product.md#accounts, docs/decisions/0038): every session of the
// account, this one included, every API token and every connected app (docs/decisions/0042) end at once.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { useOnline } from '#app/hooks/use-online.ts';
import { toastError } from '#app/hooks/use-toast.ts';
import { logout } from '#app/lib/session-actions.ts';
import { logoutEverywhere } from '#app/features/sessions/api/sessions.ts';

export function SignOutEverywhere() {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await logoutEverywhere();
      // The same clean-up as 'Log out' (private data, the cached session), then a fresh start.
      await logout(queryClient);
      window.location.assign('/');
    } catch (err) {
      toastError('Could not sign out everywhere', err);
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-2">
      <h3 className="font-semibold">Sign out of all devices</h3>
      <p className="text-sm text-slate-600">
        Ends every session of your account, this one included (phones, other browsers, anything left signed in), and
        every API token: programs and assistants using one stop working. It also disconnects every connected app: to use
        one again, connect it again from the app.
      </p>
      <div>
        <Button
          variant="danger"
          className="min-h-11 w-full sm:w-auto"
          disabled={busy || !online}
          onClick={() => void onClick()}
        >
          {busy ? 'Signing out...' : 'Sign out of all devices'}
        </Button>
      </div>
    </div>
  );
}
