import { ArrowDownIcon, ArrowUpIcon } from 'lucide-react';
import type { SortState } from '#web/components/table/table-sorting.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Select, SelectOptions, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { leadColumns } from './leads-columns.tsx';

const sortable = leadColumns.filter((column) => column.sortValue);

/** Sorting without column headings (the phone's cards): a column, and which way. */
export function LeadSortSelect({
  sort,
  onSort,
}: {
  sort: SortState | null;
  onSort: (sort: SortState) => void;
}) {
  const column = sortable.find((c) => c.id === sort?.id) ?? null;
  return (
    <div className="flex items-center gap-2">
      <Select
        value={column?.id ?? ''}
        onValueChange={(id) =>
          onSort({ id, desc: sortable.find((c) => c.id === id)?.sortDescFirst ?? false })
        }
      >
        <SelectTrigger className="w-44" aria-label="Sort leads by">
          <SelectValue placeholder="Sort by" />
        </SelectTrigger>
        <SelectOptions options={sortable.map((c) => ({ value: c.id, label: c.header }))} />
      </Select>
      {sort ? (
        <Button
          variant="outline"
          size="icon"
          onClick={() => onSort({ id: sort.id, desc: !sort.desc })}
          aria-label={sort.desc ? 'Sorted descending: sort ascending' : 'Sorted ascending: sort descending'}
        >
          {sort.desc ? <ArrowDownIcon aria-hidden="true" /> : <ArrowUpIcon aria-hidden="true" />}
        </Button>
      ) : null}
    </div>
  );
}
