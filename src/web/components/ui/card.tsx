import type { ComponentProps } from 'react';
import { cn, withClassName } from '#web/lib/utils.ts';

export const Card = withClassName(
  'div',
  'flex flex-col gap-6 rounded-xl border border-border bg-card py-6 text-card-foreground shadow-sm',
);

export const CardHeader = withClassName('div', 'flex flex-col gap-1.5 px-6');

type HeadingLevel = 'h2' | 'h3' | 'h4';

/**
 * A heading so that screen-reader users can jump between cards; an h2 by default (a card sits under
 * the page's h1), `as="h3"` inside a section, `as="div"` where it is not a heading at all.
 */
export function CardTitle({
  className,
  as: Tag = 'h2',
  ...props
}: ComponentProps<'h2'> & { as?: HeadingLevel | 'div' }) {
  return <Tag className={cn('text-lg leading-tight font-semibold', className)} {...props} />;
}

export const CardDescription = withClassName('p', 'text-sm text-muted-foreground');

export const CardContent = withClassName('div', 'px-6');

export const CardFooter = withClassName('div', 'flex items-center gap-2 px-6');
