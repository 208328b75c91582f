import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names; later Tailwind classes win over earlier ones that set the same property. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
