import { MAX_VISIBLE_TOASTS, UI_TIMINGS } from '@uapqa/contracts';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { create } from 'zustand';

/** A button in a toast, such as Undo: pressing it runs `onAction` and closes the toast. */
export interface ToastAction {
  label: string;
  /**
   * Read to screen reader users with the toast, who may not reach it in time: how else to do
   * it, or how to reach the button (F8 focuses the notifications).
   */
  altText: string;
  onAction(): void;
}

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  /** How long it shows, in ms (UI_TIMINGS.toastDurationMs unless given), as long as its action lasts. */
  duration?: number;
  action?: ToastAction;
}

export interface ToastItem extends ToastOptions {
  id: number;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
  show(options: ToastOptions): number;
  dismiss(id: number): void;
  remove(id: number): void;
}

let nextId = 1;

/**
 * The toast queue: at most MAX_VISIBLE_TOASTS at a time (a new toast replaces
 * the shown one), and a dismissed toast stays mounted closed for toastRemoveDelayMs.
 */
export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show(options) {
    const id = nextId++;
    set((state) => ({
      toasts: [{ ...options, id, open: true }, ...state.toasts].slice(0, MAX_VISIBLE_TOASTS),
    }));
    return id;
  },
  dismiss(id) {
    set((state) => ({
      toasts: state.toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)),
    }));
    setTimeout(() => get().remove(id), UI_TIMINGS.toastRemoveDelayMs);
  },
  remove(id) {
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
  },
}));

/** Shows a toast from anywhere (components, stores, event handlers). */
export function toast(options: ToastOptions): number {
  return useToastStore.getState().show(options);
}

export function useToast() {
  return { toast, dismiss: useToastStore.getState().dismiss };
}

/**
 * The toast queue's place on the page. Its view (Radix's toast, its region and swipe handling,
 * about 8 KB gzipped) is fetched with the first toast: most pages show none, and the landing
 * page's first paint has no room for it. A failed fetch is tried again with a later toast.
 */
export function Toaster() {
  const queued = useToastStore((state) => state.toasts.length > 0);
  const [View, setView] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!queued || View) return;
    let mounted = true;
    import('./toast-view.js').then(
      (module) => {
        if (mounted) setView(() => module.ToastView);
      },
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [queued, View]);
  return View ? <View /> : null;
}
