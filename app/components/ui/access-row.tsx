// A row of Settings' 'Where you are signed in' (docs/decisions/0038): each kind of access (browsers,
// API tokens, connected apps) is a feature of its own, and they share this look: an icon, what it is,
// its details, one action a thumb can hit, and the error of that action kept beside it.
import type { FetchStatus } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes, ComponentProps, ReactNode } from 'react';
import { useOnline } from '#app/hooks/use-online.ts';
import { usePaused } from '#app/hooks/use-paused.ts';
import { errorMessage } from '#app/lib/api-client.ts';
import { AlertDialog, AlertDialogContent, AlertDialogTrigger } from './alert-dialog';
import { Button, buttonClass } from './button';
import { Skeleton } from './skeleton';

/** What every kind's rows are given: they say through `onRemoved` what they removed (the page announces it). */
export interface AccessKindProps {
  onRemoved: (message: string) => void;
}

const ROW_CLASS = 'flex flex-wrap items-center gap-x-4 gap-y-3 p-4';
/** A row's button: a thumb's height (44 px) and, on a phone, the row's width. */
const ACCESS_ACTION_CLASS = 'min-h-11 w-full shrink-0 disabled:opacity-50 sm:w-auto';

/** A row's action that needs no question. */
export function RowButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'>) {
  return <Button variant="secondary" className={ACCESS_ACTION_CLASS} {...props} />;
}

export function AccessRow({
  icon: Icon,
  title,
  children,
  action,
  error,
}: {
  icon: LucideIcon;
  title: ReactNode;
  children: ReactNode;
  action: ReactNode;
  error: string | null;
}) {
  return (
    <li className={ROW_CLASS}>
      <div className="flex min-w-0 flex-1 basis-56 items-start gap-3">
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">{title}</p>
          {children}
        </div>
      </div>
      {action}
      {error && (
        <p role="alert" className="basis-full rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * A row's action that asks first (signing this browser out, revoking a token): its button opens the
 * question, which cannot be closed while the action runs; the caller closes it when the action fails.
 */
export function ConfirmAction({
  open,
  onOpenChange,
  pending,
  online,
  label,
  question,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  online: boolean;
  /** The button's accessible name. */
  label: string;
  question: Omit<ComponentProps<typeof AlertDialogContent>, 'pending' | 'onConfirm'>;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogTrigger
        className={buttonClass('secondary', 'md', ACCESS_ACTION_CLASS)}
        aria-label={label}
        disabled={!online}
      >
        {children}
      </AlertDialogTrigger>
      <AlertDialogContent {...question} pending={pending} onConfirm={onConfirm} />
    </AlertDialog>
  );
}

/**
 * A kind's rows: once they came, `children` draws them, told whether the app is online (a row's
 * action needs the connection); before, offline (they show with the connection), loading, or not
 * loaded (with Try again).
 */
export function AccessRows<T>({
  query,
  what,
  children,
}: {
  query: {
    isPending: boolean;
    fetchStatus: FetchStatus;
    data: T[] | undefined;
    error: unknown;
    refetch: () => unknown;
  };
  /** 'your API tokens', 'the browsers signed in to your account' */
  what: string;
  children: (rows: T[], online: boolean) => ReactNode;
}) {
  const online = useOnline();
  const paused = usePaused(query);
  if (query.data !== undefined) return children(query.data, online);
  if (query.isPending && paused)
    return <li className="p-4 text-sm text-slate-600">You are offline: {what} show when you are back online.</li>;
  if (query.isPending)
    return (
      <li className="p-4">
        <div role="status" aria-label={`Loading ${what}`}>
          <Skeleton className="h-12 rounded-lg" />
        </div>
      </li>
    );
  return (
    <li className={ROW_CLASS}>
      <p role="alert" className="min-w-0 flex-1 basis-56 text-sm text-red-800">
        {what[0]!.toUpperCase() + what.slice(1)} could not be loaded. {errorMessage(query.error, '')}
      </p>
      <RowButton aria-label={`Try again to load ${what}`} onClick={() => void query.refetch()}>
        Try again
      </RowButton>
    </li>
  );
}
