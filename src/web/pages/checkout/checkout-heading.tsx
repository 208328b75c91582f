import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';

/** The top of a page Stripe's checkout comes back to: how it went, in a coloured icon and a title. */
export function CheckoutHeading({
  icon: Icon,
  tone,
  title,
  children,
}: {
  icon: LucideIcon;
  tone: 'success' | 'warning';
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-4">
      <span
        className={cn(
          'flex size-12 shrink-0 items-center justify-center rounded-full',
          tone === 'success' ? 'bg-emerald-100 text-emerald-700' : 'bg-amber-100 text-amber-700',
        )}
      >
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">{title}</h1>
        <p className="text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}
