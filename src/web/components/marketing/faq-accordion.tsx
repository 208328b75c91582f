import { ChevronDownIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { enhanceAccordion } from '#web/enhancements/accordion.ts';
import { useEnhancement } from '#web/lib/use-enhancement.ts';
import { cn } from '#web/lib/utils.ts';

type FaqItem = { id: string; question: string; answer: ReactNode };

/**
 * A single-open, collapsible accordion (WAI-ARIA accordion pattern: heading buttons with
 * aria-expanded controlling labelled regions). The landing page uses this instead of the Radix
 * accordion in components/ui, which would add about 10 KB of gzipped script to its budget. It is
 * rendered closed; the enhancement (src/web/enhancements/accordion.ts) opens and closes it.
 */
export function FaqAccordion({ items, className }: { items: FaqItem[]; className?: string }) {
  const ref = useEnhancement<HTMLDivElement>(enhanceAccordion);
  const baseId = useId();
  return (
    <div ref={ref} className={cn('divide-y divide-slate-200', className)}>
      {items.map((item) => {
        const buttonId = `${baseId}-${item.id}-button`;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <div key={item.id} data-state="closed">
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={false}
                aria-controls={panelId}
                disabled
                className="group flex w-full items-start justify-between gap-4 rounded-md py-5 text-left text-base font-semibold text-slate-900 outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring"
              >
                {item.question}
                <ChevronDownIcon
                  className="mt-0.5 size-5 shrink-0 text-slate-500 transition-transform duration-200 group-aria-expanded:rotate-180"
                  aria-hidden="true"
                />
              </button>
            </h3>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden
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
