import { Columns3Icon } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { choosableColumns } from './leads-columns.tsx';

type ColumnChooserProps = {
  hidden: readonly string[];
  onChange: (columnId: string, isShown: boolean) => void;
};

/** Which of the leads table's columns to show; the side panel always shows every answer. */
export function ColumnChooser({ hidden, onChange }: ColumnChooserProps) {
  const shownCount = choosableColumns.filter((column) => !hidden.includes(column.id)).length;
  return (
    // Not modal: the table stays readable (and in the accessibility tree) while columns change.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Columns3Icon aria-hidden="true" />
          Columns
          <span className="text-muted-foreground tabular-nums">
            {shownCount}/{choosableColumns.length}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {choosableColumns.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={!hidden.includes(column.id)}
            // Stays open: an agent often changes several columns at once.
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) => onChange(column.id, checked === true)}
          >
            {column.header}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
