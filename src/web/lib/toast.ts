import { errorMessage } from './api.ts';

type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' };

const toastListeners = new Set<() => void>();

/** Calls `listener` whenever a toast is raised (a toaster that mounts on demand); returns the unsubscribe. */
export function onToast(listener: () => void): () => void {
  toastListeners.add(listener);
  return () => toastListeners.delete(listener);
}

/**
 * The one toast: a title, an optional description, default or destructive. sonner loads with
 * the first toast (or when the toaster mounts), not with the page: toasts are rare, and the
 * public chat's first load must stay small. A toast raised before the toaster mounts shows when
 * it does.
 */
export function toast({ title, description, variant = 'default' }: ToastInput): void {
  for (const listener of toastListeners) listener();
  void import('sonner').then(({ toast: sonner }) => {
    if (variant === 'destructive') sonner.error(title, { description });
    else sonner(title, { description });
  });
}

/** A request's failure as a toast: `title`, then the server's reason or else `fallback`. */
export function toastError(title: string, error: unknown, fallback = 'Please try again.'): void {
  toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
}
