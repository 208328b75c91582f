import { useEffect } from 'react';
import {
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadStatus,
  lostReasonFormSchema,
} from '#shared/schemas/leads.ts';
import { useSchemaForm } from '#web/components/auth/form-options.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Select, SelectOptions, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
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

type LostReasonDialogProps = {
  /** Open while a move to lost waits for its reason. */
  open: boolean;
  /** Who is being marked lost, e.g. "Sarah Jones" or "3 leads". */
  subject: string;
  isPending?: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

/** A lost lead needs a reason (the server refuses one without): asked before the move. */
export function LostReasonDialog({ open, subject, isPending, onConfirm, onCancel }: LostReasonDialogProps) {
  const form = useSchemaForm(lostReasonFormSchema, { lostReason: '' });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ lostReason: '' });
  }, [open, reset]);
  const error = form.formState.errors.lostReason?.message;
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onCancel();
      }}
    >
      <DialogContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => onConfirm(values.lostReason))}
        >
          <DialogHeader>
            <DialogTitle>Mark as lost</DialogTitle>
            <DialogDescription>
              Why did {subject} not go ahead? The reason is kept with the lead's history.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Reason" error={error}>
            <Textarea
              rows={3}
              maxLength={500}
              placeholder="e.g. Found another property"
              {...form.register('lostReason')}
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              Mark as lost
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
