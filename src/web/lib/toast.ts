type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' };

/**
 * The one toast: a title, an optional description, default or destructive. sonner loads with
 * the first toast (or when the toaster mounts), not with the page: toasts are rare, and the
 * public chat's first load must stay small. A toast raised before the toaster mounts shows when
 * it does.
 */
export function toast({ title, description, variant = 'default' }: ToastInput): void {
  void import('sonner').then(({ toast: sonner }) => {
    if (variant === 'destructive') sonner.error(title, { description });
    else sonner(title, { description });
  });
}
