import { Trash2Icon } from 'lucide-react';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';

/** The red bin at the end of a lead's or a property's row; `label` names what it deletes. */
export function DeleteRowButton({ label, onClick }: { label: string; onClick: ButtonProps['onClick'] }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8 text-destructive hover:bg-red-50 hover:text-destructive"
      onClick={onClick}
      aria-label={label}
    >
      <Trash2Icon aria-hidden="true" />
    </Button>
  );
}
