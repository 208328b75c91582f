import type { ComponentProps, ElementType } from 'react';
import { cn } from '#web/lib/utils.ts';

/**
 * `Component` with `className` as its own classes: a `className` given to the result adds to them (or,
 * for the same property, wins). Every other prop, `ref` included, passes through as it is.
 */
export function withClassName<T extends ElementType>(Component: T, className: string) {
  const Styled = Component as ElementType<{ className?: string }>;
  return function WithClassName({ className: extra, ...props }: ComponentProps<T> & { className?: string }) {
    return <Styled className={cn(className, extra)} {...props} />;
  };
}
