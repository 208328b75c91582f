import { type ClassValue, clsx } from 'clsx';
import { type ComponentProps, createElement, type ElementType } from 'react';
import { twMerge } from 'tailwind-merge';

/** Joins class names; later Tailwind classes win over earlier ones that set the same property. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/**
 * `Component` with `className` as its own classes: a `className` given to the result adds to them (or,
 * for the same property, wins). Every other prop, `ref` included, passes through as it is.
 */
export function withClassName<T extends ElementType>(Component: T, className: string) {
  return function WithClassName({ className: extra, ...props }: ComponentProps<T> & { className?: string }) {
    return createElement(Component as ElementType, { className: cn(className, extra), ...props });
  };
}
