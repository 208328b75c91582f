import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';
import { SectionHeading } from './section-heading.tsx';

/**
 * A landing page section the header links to: `#id` scrolls to it and focuses it (hence
 * `tabIndex={-1}`, below the sticky header), and its heading `titleId` names it.
 */
export function LandingSection({
  id,
  titleId = `${id}-title`,
  className,
  children,
}: {
  id: string;
  titleId?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={titleId}
      className={cn('scroll-mt-16 outline-none', className)}
    >
      {children}
    </section>
  );
}

/** The usual landing page section: a centred column with the eyebrow, heading and lede, then `children`. */
export function MarketingSection({
  id,
  eyebrow,
  title,
  lede,
  className = 'bg-white',
  width = 'max-w-6xl',
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lede?: ReactNode;
  /** The background. */
  className?: string;
  width?: 'max-w-3xl' | 'max-w-6xl';
  children: ReactNode;
}) {
  return (
    <LandingSection id={id} className={cn('py-20 sm:py-24', className)}>
      <div className={cn('mx-auto px-4 sm:px-6', width)}>
        <SectionHeading id={`${id}-title`} eyebrow={eyebrow} title={title}>
          {lede}
        </SectionHeading>
        {children}
      </div>
    </LandingSection>
  );
}

/** A section further down a public page: its centred heading (`titleId` names it), then `children`. */
export function PageSection({
  titleId,
  title,
  className,
  width,
  children,
}: {
  titleId: string;
  title: string;
  /** The background and spacing. */
  className: string;
  width: 'max-w-3xl' | 'max-w-5xl' | 'max-w-6xl';
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className={className}>
      <div className={`mx-auto ${width} px-4 sm:px-6`}>
        <h2 id={titleId} className="text-center text-3xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** A feature's or value's icon on a tinted square. */
export function IconTile({ icon: Icon, className }: { icon: LucideIcon; className?: string }) {
  return (
    <span
      className={cn('flex size-11 items-center justify-center rounded-xl bg-accent text-primary', className)}
    >
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}
