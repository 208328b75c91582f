import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '#shared/lead-statuses.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Select, SelectOptions, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { cn } from '#web/lib/utils.ts';

export { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus };

// Each tint keeps its text at 4.5:1 or more; the pipeline reads cool (early) to green (let).
const statusClassName: Record<LeadStatus, string> = {
  new: 'border-sky-200 bg-sky-50 text-sky-900',
  contacted: 'border-indigo-200 bg-indigo-50 text-indigo-900',
  viewing_booked: 'border-violet-200 bg-violet-50 text-violet-900',
  viewed: 'border-amber-200 bg-amber-50 text-amber-900',
  applied: 'border-teal-200 bg-teal-50 text-teal-900',
  let: 'border-green-300 bg-green-100 text-green-900',
  lost: 'border-slate-200 bg-slate-100 text-slate-700',
};

/** A status as a coloured badge; a lost lead's reason shows on hover. */
export function StatusBadge({
  status,
  lostReason,
  className,
}: {
  status: LeadStatus;
  lostReason?: string | null;
  className?: string;
}) {
  return (
    <Badge
      variant="outline"
      className={cn(statusClassName[status], className)}
      title={status === 'lost' && lostReason ? `Lost: ${lostReason}` : undefined}
    >
      {LEAD_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The pipeline's position of a status, for sorting the table by status. */
export function statusOrder(status: LeadStatus): number {
  return LEAD_STATUSES.indexOf(status);
}

type StatusSelectProps = {
  value: LeadStatus | undefined;
  onChange: (status: LeadStatus) => void;
  /** The accessible name (the select has no visible label of its own in a toolbar). */
  label: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  id?: string;
};

/** Choose a status. Choosing `lost` is the caller's to follow with the reason dialog. */
export function StatusSelect({
  value,
  onChange,
  label,
  placeholder = 'Status',
  disabled,
  className,
  id,
}: StatusSelectProps) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as LeadStatus)} disabled={disabled}>
      <SelectTrigger aria-label={label} className={className} id={id}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectOptions
        options={LEAD_STATUSES.map((status) => ({ value: status, label: LEAD_STATUS_LABELS[status] }))}
      />
    </Select>
  );
}
