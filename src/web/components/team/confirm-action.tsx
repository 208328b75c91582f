import type { LucideIcon } from 'lucide-react';
import { ConfirmButton } from '#web/components/ui/alert-dialog.tsx';
import { PendingButton } from '#web/components/ui/button.tsx';
import { toast, toastError } from '#web/lib/toast.ts';
import { useUnauthorizedRedirect } from '#web/lib/use-unauthorized-redirect.ts';

/** Toasts for a team change: the success, or why it failed (a signed-out user goes to login). */
export function useResultToasts() {
  const redirectIfUnauthorized = useUnauthorizedRedirect();
  return (success: string, failure: string) => ({
    onSuccess: () => toast({ title: success }),
    onError: (error: unknown) => {
      if (redirectIfUnauthorized(error)) return;
      toastError(failure, error);
    },
  });
}

/**
 * A button that asks first: removing a member, withdrawing an invitation, handing over. While its
 * request runs it keeps the focus the closing question hands back to it, with a spinner.
 */
export function ConfirmAction({
  label,
  icon,
  title,
  description,
  confirm,
  onConfirm,
  isPending,
  isDestructive = true,
}: {
  label: string;
  icon?: LucideIcon;
  title: string;
  description: string;
  confirm: string;
  onConfirm: () => void;
  isPending: boolean;
  isDestructive?: boolean;
}) {
  return (
    <ConfirmButton
      trigger={
        <PendingButton
          variant="outline"
          className={isDestructive ? 'text-destructive' : undefined}
          isPending={isPending}
          icon={icon}
        >
          {label}
        </PendingButton>
      }
      title={title}
      description={description}
      action={confirm}
      variant={isDestructive ? 'destructive' : 'default'}
      onConfirm={onConfirm}
    />
  );
}
