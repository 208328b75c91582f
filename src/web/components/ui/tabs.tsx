import { Tabs as TabsPrimitive } from 'radix-ui';
import { withClassName } from '#web/lib/utils.ts';

export const Tabs = withClassName(TabsPrimitive.Root, 'flex flex-col gap-2');

// On a phone the row is 48 px, so that each tab (the row less its padding) is 40 px, a finger's
// size; from `sm` up it keeps the desk's 40 px row of 32 px tabs.
export const TabsList = withClassName(
  TabsPrimitive.List,
  'inline-flex h-12 w-fit max-w-full items-center justify-start overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground sm:h-10',
);

export const TabsTrigger = withClassName(
  TabsPrimitive.Trigger,
  'inline-flex h-full flex-1 items-center justify-center gap-1.5 rounded-md px-3 py-1 text-sm font-medium whitespace-nowrap transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4 [&_svg]:shrink-0',
);

export const TabsContent = withClassName(
  TabsPrimitive.Content,
  'flex-1 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring',
);
