import { toast as sonner } from 'sonner';

type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' };

/** The one toast: a title, an optional description, default or destructive. */
export function toast({ title, description, variant = 'default' }: ToastInput) {
  if (variant === 'destructive') return sonner.error(title, { description });
  return sonner(title, { description });
}
