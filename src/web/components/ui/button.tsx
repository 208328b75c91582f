import { cva, type VariantProps } from 'class-variance-authority';
import type { LucideIcon } from 'lucide-react';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';
import { Spinner } from './spinner.tsx';

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 aria-disabled:cursor-default aria-disabled:opacity-50 aria-invalid:border-destructive [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90',
        outline: 'border border-input bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-11 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Renders the single child (a link, say) with the button's look instead of a <button>. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) {
    return <Slot.Root className={cn(buttonVariants({ variant, size }), className)} {...props} />;
  }
  // A plain <button> inside a form submits it unless told otherwise; default to the safe type.
  return (
    <button type={type ?? 'button'} className={cn(buttonVariants({ variant, size }), className)} {...props} />
  );
}

export type PendingButtonProps = ButtonProps & {
  /** While the request runs the button refuses presses and a spinner stands in for its icon. */
  isPending: boolean;
  icon?: LucideIcon;
};

/**
 * A button that sends a request: it refuses presses, with a spinner before its words, until the
 * answer comes. While pending it is `aria-disabled`, not `disabled`: a focused button that becomes
 * disabled drops the focus to the page, and a keyboard or screen-reader user loses their place.
 * A submit button's press is refused too, so Enter in the form sends nothing twice.
 */
export function PendingButton({ isPending, icon: Icon, children, onClick, ...props }: PendingButtonProps) {
  return (
    <Button
      {...props}
      aria-disabled={isPending || undefined}
      aria-busy={isPending || undefined}
      onClick={(event) => {
        if (isPending) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {isPending ? <Spinner label={null} /> : Icon ? <Icon aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}
