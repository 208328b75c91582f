import { cva } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn, withClassName } from '#web/lib/utils.ts';
import { overlayClassName } from './dialog.tsx';

export const Sheet = SheetPrimitive.Root;

export const SheetTrigger = SheetPrimitive.Trigger;

export const SheetClose = SheetPrimitive.Close;

const sheetVariants = cva(
  'fixed z-50 flex flex-col gap-4 overflow-y-auto bg-background text-foreground shadow-lg outline-none',
  {
    variants: {
      side: {
        right: 'inset-y-0 right-0 h-full w-3/4 border-l border-border sm:max-w-sm',
        left: 'inset-y-0 left-0 h-full w-3/4 border-r border-border sm:max-w-sm',
        top: 'inset-x-0 top-0 max-h-[85dvh] border-b border-border',
        bottom: 'inset-x-0 bottom-0 max-h-[85dvh] border-t border-border',
      },
    },
    defaultVariants: { side: 'right' },
  },
);

export type SheetContentProps = ComponentProps<typeof SheetPrimitive.Content> & {
  side?: 'right' | 'left' | 'top' | 'bottom';
};

export function SheetContent({ className, children, side = 'right', ...props }: SheetContentProps) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className={overlayClassName} />
      <SheetPrimitive.Content className={cn(sheetVariants({ side }), className)} {...props}>
        {children}
        <SheetPrimitive.Close className="absolute top-4 right-4 rounded-sm p-0.5 text-muted-foreground after:absolute after:-inset-2.5 after:content-[''] opacity-80 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <XIcon className="size-4" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export const SheetHeader = withClassName('div', 'flex flex-col gap-1.5 p-4 pr-10');

export const SheetFooter = withClassName('div', 'mt-auto flex flex-col gap-2 p-4');

export const SheetTitle = withClassName(SheetPrimitive.Title, 'text-lg font-semibold');

export const SheetDescription = withClassName(SheetPrimitive.Description, 'text-sm text-muted-foreground');
