import type { VariantProps } from 'class-variance-authority';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn, withClassName } from '#web/lib/utils.ts';
import { buttonVariants } from './button.tsx';
import { DialogFooter, dialogContentClassName, overlayClassName } from './dialog.tsx';

export const AlertDialog = AlertDialogPrimitive.Root;

export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export function AlertDialogContent({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className={overlayClassName} />
      <AlertDialogPrimitive.Content className={cn(dialogContentClassName, className)} {...props} />
    </AlertDialogPrimitive.Portal>
  );
}

export const AlertDialogHeader = withClassName('div', 'flex flex-col gap-2 text-center sm:text-left');

/** The same footer as a dialog's: Cancel under the action on a phone, beside it on the right above. */
export const AlertDialogFooter = DialogFooter;

export const AlertDialogTitle = withClassName(AlertDialogPrimitive.Title, 'text-lg font-semibold');

export const AlertDialogDescription = withClassName(
  AlertDialogPrimitive.Description,
  'text-sm text-muted-foreground',
);

export type AlertDialogActionProps = ComponentProps<typeof AlertDialogPrimitive.Action> &
  Pick<VariantProps<typeof buttonVariants>, 'variant'>;

/** The confirming button; `variant="destructive"` for deletions. */
export function AlertDialogAction({ className, variant = 'default', ...props }: AlertDialogActionProps) {
  return <AlertDialogPrimitive.Action className={cn(buttonVariants({ variant }), className)} {...props} />;
}

export function AlertDialogCancel({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return (
    <AlertDialogPrimitive.Cancel
      className={cn(buttonVariants({ variant: 'outline' }), className)}
      {...props}
    />
  );
}

/** A button that asks first: the question, what follows, Cancel and the (by default destructive) action. */
export function ConfirmButton({
  trigger,
  title,
  description,
  action,
  onConfirm,
  variant = 'destructive',
}: {
  /** The button that opens the question. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** The confirming button's words, e.g. "Revoke key". */
  action: string;
  onConfirm: () => void;
  variant?: AlertDialogActionProps['variant'];
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant={variant} onClick={onConfirm}>
            {action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
