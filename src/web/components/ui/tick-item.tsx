import { CheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** An item of a list of what a plan gives: a tick, level with the first line when the text wraps. */
export function TickItem({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-2">
      <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      {children}
    </li>
  );
}
