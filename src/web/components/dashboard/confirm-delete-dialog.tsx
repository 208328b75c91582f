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
