import { useEffect } from 'react';
import { lostReasonFormSchema } from '#shared/schemas/leads.ts';
import { useSchemaForm } from '#web/components/auth/form-options.ts';
import { Button, PendingButton } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';

// Apart from lead-status.tsx, whose badge and select the dashboard's first screen shows: this form
// brings react-hook-form and zod, which the first screen loads only once it is idle.
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
            <PendingButton type="submit" isPending={isPending ?? false}>
              Mark as lost
            </PendingButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
