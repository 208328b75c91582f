import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';

/**
 * A checkbox with its words as one label. On a phone the label reaches 10 px around the box (40 px
 * each way), so a thumb just beside or above it still ticks it; at a desk it keeps its text's size.
 */
export function CheckboxField({
  className,
  children,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { children: ReactNode }) {
  return (
    <label
      className={cn(
        '-mx-3 flex cursor-pointer items-start gap-2 px-3 py-2.5 text-sm sm:mx-0 sm:px-0 sm:py-0',
        className,
      )}
    >
      <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-primary" {...props} />
      <span>{children}</span>
    </label>
  );
}
