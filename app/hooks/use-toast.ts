import { useSyncExternalStore } from 'react';
import { errorMessage } from '#app/lib/api-client.ts';

export type ToastVariant = 'default' | 'destructive';

export interface ToastData {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
}

// docs/product.md#constants: one toast visible at a time, so a new one replaces the last.
let current: ToastData[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: { title: string; description?: string; variant?: ToastVariant }): number {
  // Each thing is said once: the same words while they are on screen (a double tap, two parts of a
  // page answering one event) are not said again, and do not restart the toast.
  const shown = current.find(
    (t) =>
      t.open &&
      t.title === input.title &&
      t.description === input.description &&
      t.variant === (input.variant ?? 'default'),
  );
  if (shown) return shown.id;
  const id = nextId++;
  current = [
    { id, title: input.title, description: input.description, variant: input.variant ?? 'default', open: true },
  ];
  emit();
  return id;
}

/** A failure's toast: the error's own message, else `fallback`. */
export const toastError = (title: string, error: unknown, fallback = 'Please try again.'): number =>
  toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });

export function dismissToast(id: number): void {
  current = current.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  // Leave time for the closing animation before forgetting it.
  setTimeout(() => {
    current = current.filter((t) => t.id !== id || t.open);
    emit();
  }, 300);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useToasts = (): ToastData[] =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
