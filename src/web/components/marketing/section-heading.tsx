import type { ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';

/** The eyebrow, heading and lead paragraph that open each landing page section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  className,
  align = 'center',
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  className?: string;
  align?: 'center' | 'left';
}) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center', className)}>
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {children ? <p className="mt-4 text-lg leading-relaxed text-slate-600">{children}</p> : null}
    </div>
  );
}
