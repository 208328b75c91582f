import { UserRoundIcon } from 'lucide-react';
import { type AvailabilityTier, availabilityTier, availabilityVariant } from '#shared/availability.ts';
import { formatAvailabilityDate } from '#shared/availability-dates.ts';
import type { AvailabilityDate } from '#shared/schemas/leads.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/utils.ts';

// The availability greens, each tint keeping its text at 4.5:1 or more.
const tierClassName: Record<AvailabilityTier, string> = {
  strongest: 'border-transparent bg-green-700 text-white',
  mid: 'border-green-300 bg-green-100 text-green-900',
  light: 'border-green-200 bg-green-50 text-green-800',
  grey: 'border-slate-200 bg-slate-100 text-slate-700',
};

/**
 * 'available' default style, 'pending' secondary, anything else an outline tinted by how soon.
 * In a table cell the words are cut to one line; with `wrap` (the side panel) they wrap.
 */
export function AvailabilityBadge({ value, wrap = false }: { value: string | null; wrap?: boolean }) {
  if (!value?.trim()) return <span className="text-muted-foreground">-</span>;
  const variant = availabilityVariant(value);
  return (
    <Badge
      variant={variant}
      className={cn(
        'max-w-full min-w-0',
        // In a table cell the tenant's words come first; the days they meant take what is left.
        wrap ? 'h-auto shrink text-left whitespace-normal' : 'shrink-0',
        variant === 'outline' && tierClassName[availabilityTier(value)],
      )}
      title={value}
    >
      <span className={wrap ? 'break-words' : 'truncate'}>{value}</span>
    </Badge>
  );
}

/**
 * The tenant's words as a badge, and beside them the days they meant ("Sat 7 Mar (evening)"),
 * so that "this Saturday" still says which Saturday a week later. `wrap` lets the days go onto
 * more lines (the side panel and the cards); the table keeps one line.
 */
export function AvailabilityWithDates({
  value,
  dates,
  wrap = false,
}: {
  value: string | null;
  dates: AvailabilityDate[];
  wrap?: boolean;
}) {
  if (!value?.trim()) return <span className="text-muted-foreground">-</span>;
  const days = dates.map(formatAvailabilityDate).join(', ');
  return (
    <span className={cn('flex min-w-0 items-center gap-x-2 gap-y-1', wrap && 'flex-wrap')}>
      <AvailabilityBadge value={value} wrap={wrap} />
      {days ? (
        <span
          className={cn('text-xs text-muted-foreground', wrap ? 'break-words' : 'min-w-0 truncate')}
          title={days}
        >
          {days}
        </span>
      ) : null}
    </span>
  );
}

/** The score out of 10, coloured: 7 and up green, 4 to 6 amber, below 4 red. */
export function RatingBadge({ rating, className }: { rating: string | null; className?: string }) {
  if (rating === null || rating.trim() === '') return <span className="text-muted-foreground">-</span>;
  const score = Number(rating);
  if (!Number.isFinite(score)) return <span>{rating}</span>;
  const variant = score >= 7 ? 'success' : score >= 4 ? 'warning' : 'danger';
  return (
    <Badge variant={variant} className={cn('tabular-nums', className)}>
      {score}/10
    </Badge>
  );
}

/** The tenant asked to speak to a person: someone at the agency should get in touch. */
export function PersonRequestedBadge({
  requested,
  compact = false,
}: {
  requested: boolean;
  /** In a table cell: the icon only, its words for screen readers and on hover. */
  compact?: boolean;
}) {
  if (!requested) return null;
  const label = 'Asked for a person';
  return (
    <Badge
      className="shrink-0 border-amber-300 bg-amber-100 text-amber-900"
      variant="outline"
      title="The tenant asked to speak to a person: please get in touch"
      data-testid="person-requested"
    >
      <UserRoundIcon aria-hidden="true" className="size-3.5" />
      {compact ? <span className="sr-only">{label}</span> : label}
    </Badge>
  );
}
