import * as RadixAlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { useReturnFocus } from '#app/hooks/use-return-focus.ts';
import { buttonClass } from './button';

export const AlertDialog = RadixAlertDialog.Root;
export const AlertDialogTrigger = RadixAlertDialog.Trigger;

/**
 * A confirmation for destructive actions. Unlike a dialog it does not close on an outside click and
 * focus starts on Cancel, so a stray Enter never confirms. `onConfirm` runs without closing the
 * dialog so the caller can show a pending state and close it when done.
 */
export function AlertDialogContent({
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending = false,
  onConfirm,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending?: boolean;
  onConfirm: () => void;
}) {
  const returnFocus = useReturnFocus();
  return (
    <RadixAlertDialog.Portal>
      <RadixAlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
      <RadixAlertDialog.Content
        {...returnFocus}
        className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
      >
        <RadixAlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixAlertDialog.Title>
        <RadixAlertDialog.Description className="mt-2 text-sm text-slate-600">
          {description}
        </RadixAlertDialog.Description>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <RadixAlertDialog.Cancel className={buttonClass('secondary')} disabled={pending}>
            Cancel
          </RadixAlertDialog.Cancel>
          {/* A plain button, not Radix's Action, which would close the dialog before the request ends. */}
          <button
            type="button"
            className={buttonClass('danger')}
            onClick={onConfirm}
            disabled={pending}
            aria-busy={pending}
          >
            {pending ? pendingLabel : confirmLabel}
          </button>
        </div>
      </RadixAlertDialog.Content>
    </RadixAlertDialog.Portal>
  );
}
