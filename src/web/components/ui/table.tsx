import type { ComponentProps } from 'react';
import { cn, withClassName } from '#web/lib/utils.ts';

/** The wrapper scrolls sideways so that a wide table never widens the page on a phone. */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="relative w-full overflow-x-auto">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export const TableHeader = withClassName('thead', '[&_tr]:border-b');

export const TableBody = withClassName('tbody', '[&_tr:last-child]:border-0');

export const TableFooter = withClassName('tfoot', 'border-t bg-muted/50 font-medium [&>tr]:last:border-b-0');

export const TableRow = withClassName(
  'tr',
  'border-b border-border transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted',
);

export const TableHead = withClassName(
  'th',
  'h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground [&:has([role=checkbox])]:pr-0',
);

export const TableCell = withClassName('td', 'p-3 align-middle [&:has([role=checkbox])]:pr-0');

export const TableCaption = withClassName('caption', 'mt-4 text-sm text-muted-foreground');
