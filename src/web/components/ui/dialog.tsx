import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn, withClassName } from '#web/lib/utils.ts';

export const Dialog = DialogPrimitive.Root;

export const DialogTrigger = DialogPrimitive.Trigger;

export const DialogClose = DialogPrimitive.Close;

export const DialogPortal = DialogPrimitive.Portal;

export const overlayClassName = 'fixed inset-0 z-50 bg-black/50';

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cn(overlayClassName, className)} {...props} />;
}

export const dialogContentClassName =
  'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-background p-6 text-foreground shadow-lg outline-none';

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Hide the corner close button (e.g. when the footer has its own Cancel). */
  hideCloseButton?: boolean;
};

export function DialogContent({
  className,
  children,
  hideCloseButton = false,
  ...props
}: DialogContentProps) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content className={cn(dialogContentClassName, className)} {...props}>
        {children}
        {hideCloseButton ? null : (
          <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm p-0.5 text-muted-foreground after:absolute after:-inset-2.5 after:content-[''] opacity-80 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            <XIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export const DialogHeader = withClassName('div', 'flex flex-col gap-1.5 pr-6 text-center sm:text-left');

export const DialogFooter = withClassName('div', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end');

export const DialogTitle = withClassName(DialogPrimitive.Title, 'text-lg leading-none font-semibold');

export const DialogDescription = withClassName(DialogPrimitive.Description, 'text-sm text-muted-foreground');

export type DialogShellProps = {
  open: boolean;
  /** Escape, the close button or a click outside. Without it the dialog cannot be dismissed. */
  onClose?: () => void;
  title: ReactNode;
  description: ReactNode;
  /** Shown above the title, e.g. an icon in a circle. */
  badge?: ReactNode;
  titleClassName?: string;
  className?: string;
  children: ReactNode;
};

/** A dialog as the app's forms and notices use it: a title, a line saying what it is for, its body. */
export function DialogShell({
  open,
  onClose,
  title,
  description,
  badge,
  titleClassName,
  className,
  children,
}: DialogShellProps) {
  const preventDismiss = onClose ? undefined : (event: Event) => event.preventDefault();
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose?.();
      }}
    >
      <DialogContent
        className={className}
        hideCloseButton={!onClose}
        onEscapeKeyDown={preventDismiss}
        onPointerDownOutside={preventDismiss}
        onInteractOutside={preventDismiss}
      >
        <DialogHeader>
          {badge}
          <DialogTitle className={titleClassName}>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
