import { ChevronDownIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { cn } from '#web/lib/utils.ts';
import { useIsHydrated } from './use-is-hydrated.ts';

type FaqItem = { id: string; question: string; answer: ReactNode };

/**
 * A single-open, collapsible accordion (WAI-ARIA accordion pattern: heading buttons with
 * aria-expanded controlling labelled regions). The landing page uses this instead of the Radix
 * accordion in components/ui, which would add about 10 KB of gzipped script to its budget.
 */
export function FaqAccordion({ items, className }: { items: FaqItem[]; className?: string }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();
  const isHydrated = useIsHydrated();
  return (
    <div className={cn('divide-y divide-slate-200', className)}>
      {items.map((item) => {
        const isOpen = openId === item.id;
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div key={item.id} data-state={isOpen ? 'open' : 'closed'}>
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                disabled={!isHydrated}
                onClick={() => setOpenId(isOpen ? null : item.id)}
                className="flex w-full items-start justify-between gap-4 rounded-md py-5 text-left text-base font-semibold text-slate-900 outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring"
              >
                {item.question}
                <ChevronDownIcon
                  className={cn(
                    'mt-0.5 size-5 shrink-0 text-slate-500 transition-transform duration-200',
                    isOpen && 'rotate-180',
                  )}
                  aria-hidden="true"
                />
              </button>
            </h3>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!isOpen}
              className="space-y-3 pb-5 text-base leading-relaxed text-slate-600"
            >
              {item.answer}
            </section>
          </div>
        );
      })}
    </div>
  );
}
