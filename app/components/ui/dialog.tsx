import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useReturnFocus } from '#app/hooks/use-return-focus.ts';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

/**
 * A modal dialog: focus is trapped and returned, Escape closes it, and the title and description
 * are announced. The content scrolls inside the viewport so it works at 360 px and with a keyboard.
 */
export function DialogContent({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
      <RadixDialog.Content
        className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        {...returnFocus}
        // Without a description Radix warns; pass undefined explicitly so none is expected.
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <RadixDialog.Title className="pr-10 text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
        {description && (
          <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
        )}
        <div className="mt-4">{children}</div>
        {/* A thumb's size (44 px), in the corner the title leaves free. */}
        <RadixDialog.Close
          aria-label="Close"
          className="absolute right-2 top-2 inline-flex size-11 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <X aria-hidden className="size-5" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
