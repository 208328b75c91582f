import { Label as LabelPrimitive } from 'radix-ui';
import { withClassName } from '#web/lib/utils.ts';

export const Label = withClassName(
  LabelPrimitive.Root,
  'text-sm leading-none font-medium select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
);
