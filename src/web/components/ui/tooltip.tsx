import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { type ComponentProps, createContext, useContext } from 'react';
import { cn } from '#web/lib/utils.ts';

const HasProviderContext = createContext(false);

/** The spec's timings: 700 ms before a tooltip shows, 300 ms grace to move to the next without waiting. */
export function TooltipProvider({
  delayDuration = 700,
  skipDelayDuration = 300,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <HasProviderContext value={true}>
      <TooltipPrimitive.Provider
        delayDuration={delayDuration}
        skipDelayDuration={skipDelayDuration}
        {...props}
      />
    </HasProviderContext>
  );
}

/**
 * Works on its own too: without a surrounding TooltipProvider it brings one with the same timings.
 * A shared provider is still better, since the skip delay only spans tooltips under one provider.
 */
export function Tooltip(props: ComponentProps<typeof TooltipPrimitive.Root>) {
  const hasProvider = useContext(HasProviderContext);
  const tooltip = <TooltipPrimitive.Root {...props} />;
  return hasProvider ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}

export function TooltipTrigger(props: ComponentProps<typeof TooltipPrimitive.Trigger>) {
  return <TooltipPrimitive.Trigger {...props} />;
}

export function TooltipContent({
  className,
  sideOffset = 4,
  children,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-balance text-background shadow-md',
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-foreground" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}
