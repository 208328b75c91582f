import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/lib/toast.ts';
import { useFailureToast } from './dashboard-api.ts';

/**
 * Step one of a deletion and what follows: `select` opens the dialog for a record; confirming
 * runs `mutation` with its id, then toasts `deleted` or the spec's `failed` message and closes.
 * Spread `dialog` into `ConfirmDeleteDialog`.
 */
export function useConfirmedDelete<T extends { id: string }>(
  mutation: UseMutationResult<unknown, Error, string>,
  messages: { deleted: string; failed: string },
) {
  const toastFailure = useFailureToast();
  const [selected, setSelected] = useState<T | null>(null);
  return {
    selected,
    select: setSelected,
    dialog: {
      isOpen: selected !== null,
      isPending: mutation.isPending,
      onCancel: () => setSelected(null),
      onConfirm: () => {
        if (!selected) return;
        mutation.mutate(selected.id, {
          onSuccess: () => toast({ title: messages.deleted }),
          onError: (error) => toastFailure(error, messages.failed),
          onSettled: () => setSelected(null),
        });
      },
    },
  };
}

type ConfirmDeleteDialogProps = {
  /** Open while something is selected for deletion. */
  isOpen: boolean;
  title: string;
  /** The spec's sentence, e.g. 'Are you sure you want to delete this lead? This action cannot be undone.' */
  description: string;
  /** What is being deleted, shown so that the user can check it is the right one. */
  subject?: string;
  isPending: boolean;
  onConfirm: () => void;
  /** Cancel, Escape or a click outside: the selection is cleared. */
  onCancel: () => void;
};

/** Step two of a deletion: Cancel clears the selection; Delete confirms. */
export function ConfirmDeleteDialog({
  isOpen,
  title,
  description,
  subject,
  isPending,
  onConfirm,
  onCancel,
}: ConfirmDeleteDialogProps) {
  return (
    <AlertDialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open && !isPending) onCancel();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {subject ? (
          <p className="rounded-md border border-border bg-muted px-3 py-2 text-sm font-medium break-words">
            {subject}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={isPending}
            onClick={(event) => {
              // Stay open until the server answers, so a failure is not hidden by a closing dialog.
              event.preventDefault();
              onConfirm();
            }}
          >
            {isPending ? <Spinner label={null} /> : null}
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
