import { Trash2Icon } from 'lucide-react';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';

/**
 * The red bin at the end of a lead's or a property's row; `label` names what it deletes. On a
 * phone's card it is a finger's size (40 px) rather than a dense table row's.
 */
export function DeleteRowButton({
  label,
  onClick,
  isTouch = false,
}: {
  label: string;
  onClick: ButtonProps['onClick'];
  isTouch?: boolean;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={`${isTouch ? 'size-10' : 'size-8'} text-destructive hover:bg-red-50 hover:text-destructive`}
      onClick={onClick}
      aria-label={label}
    >
      <Trash2Icon aria-hidden="true" />
    </Button>
  );
}
