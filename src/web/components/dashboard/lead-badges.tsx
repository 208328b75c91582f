import { type AvailabilityTier, availabilityTier, availabilityVariant } from '#shared/availability.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/utils.ts';

// The availability greens, each tint keeping its text at 4.5:1 or more.
const tierClassName: Record<AvailabilityTier, string> = {
  strongest: 'border-transparent bg-green-700 text-white',
  mid: 'border-green-300 bg-green-100 text-green-900',
  light: 'border-green-200 bg-green-50 text-green-800',
  grey: 'border-slate-200 bg-slate-100 text-slate-700',
};

/** 'available' default style, 'pending' secondary, anything else an outline tinted by how soon. */
export function AvailabilityBadge({ value }: { value: string | null }) {
  if (!value?.trim()) return <span className="text-muted-foreground">-</span>;
  const variant = availabilityVariant(value);
  return (
    <Badge
      variant={variant}
      className={cn('max-w-full', variant === 'outline' && tierClassName[availabilityTier(value)])}
      title={value}
    >
      <span className="truncate">{value}</span>
    </Badge>
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
