import { useSyncExternalStore } from 'react';
import type { ToastVariant } from '@/components/ui/toast';

export type ToastInput = { title: string; description?: string; variant?: ToastVariant; duration?: number };
export type ToastItem = ToastInput & { id: number; open: boolean };

const LIMIT = 3;
// Long enough for the close animation to finish before the toast leaves the tree.
const REMOVE_DELAY_MS = 300;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ToastItem[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

/**
 * Shows a toast from anywhere (components, mutation callbacks); the Toaster renders it. The same message while it is
 * still showing is not shown twice (a query that fails again on refetch reports the same error).
 */
export function toast(input: ToastInput) {
  const showing = toasts.find(
    (item) =>
      item.open &&
      item.title === input.title &&
      item.description === input.description &&
      item.variant === input.variant,
  );
  if (showing) return showing.id;
  const id = nextId++;
  publish([{ ...input, id, open: true }, ...toasts].slice(0, LIMIT));
  return id;
}

export function dismissToast(id: number) {
  publish(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => publish(toasts.filter((item) => item.id !== id)), REMOVE_DELAY_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts as they are now, newest first. */
export const currentToasts = () => toasts;

export function useToasts() {
  return useSyncExternalStore(subscribe, currentToasts, currentToasts);
}
