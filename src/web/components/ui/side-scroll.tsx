import { ChevronsRightIcon } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { cn } from '#web/lib/utils.ts';

/** Whether a box scrolls sideways, and whether more of it lies to the right. */
function useSideOverflow() {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState({ isOverflowing: false, hasMoreRight: false });
  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    const isOverflowing = box.scrollWidth > box.clientWidth + 1;
    const hasMoreRight = isOverflowing && box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    setState((old) =>
      old.isOverflowing === isOverflowing && old.hasMoreRight === hasMoreRight
        ? old
        : { isOverflowing, hasMoreRight },
    );
  }, []);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    box.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', measure);
    };
  }, [measure]);
  return { ref, ...state };
}

/**
 * A region that scrolls sideways when its content (a wide table) does not fit, and says so: a
 * line above it while it does not fit, and a fading edge on the side where more is hidden.
 * Focusable, so that keyboard users can scroll it too.
 */
export function SideScroll({ label, children }: { label: string; children: ReactNode }) {
  const { ref, isOverflowing, hasMoreRight } = useSideOverflow();
  const hintId = useId();
  return (
    <div className="space-y-2">
      {isOverflowing ? (
        <p id={hintId} className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <ChevronsRightIcon aria-hidden="true" className="size-3.5" />
          Scroll sideways to see every column
        </p>
      ) : null}
      <div className="relative">
        <section
          ref={ref}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          aria-label={label}
          aria-describedby={isOverflowing ? hintId : undefined}
          className="overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {children}
        </section>
        <div
          aria-hidden="true"
          data-testid="scroll-fade"
          className={cn(
            'pointer-events-none absolute inset-y-0 right-0 w-12 bg-gradient-to-l from-card to-transparent transition-opacity',
            hasMoreRight ? 'opacity-100' : 'opacity-0',
          )}
        />
      </div>
    </div>
  );
}
