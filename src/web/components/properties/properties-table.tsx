import type { ReactNode } from 'react';
import type { PropertyDto } from '#shared/schemas/properties.ts';
import { HeaderRow } from '#web/components/table/sort-header.tsx';
import type { SortState } from '#web/components/table/table-sorting.ts';
import type { TableColumn } from '#web/components/table/use-sorted-rows.ts';
import { ListPlaceholder } from '#web/components/ui/list-states.tsx';
import { cn } from '#web/lib/utils.ts';

/** Actions stay in view at the right edge; text columns keep a minimum width to wrap in. */
function headingProps(column: TableColumn<PropertyDto>) {
  return {
    className: cn(column.id === 'actions' && 'sticky right-0 border-l border-border bg-muted'),
    style: column.width ? { minWidth: column.width } : undefined,
  };
}

type PropertiesTableProps = {
  rows: PropertyDto[];
  columns: TableColumn<PropertyDto>[];
  sort: SortState;
  onSort: (columnId: string) => void;
  /** Shown in place of rows: loading, error and empty states. */
  placeholder: ReactNode | null;
};

/** The Property List as a table (a tablet or computer); a phone shows `PropertyCards`. */
export function PropertiesTable({ rows, columns, sort, onSort, placeholder }: PropertiesTableProps) {
  if (placeholder) return <ListPlaceholder>{placeholder}</ListPlaceholder>;
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-background">
      <table className="w-full text-sm">
        <caption className="sr-only">Properties, sorted by {sortCaption(columns, sort)}</caption>
        <thead className="border-b border-border bg-muted">
          <HeaderRow columns={columns} sort={sort} onSort={onSort} cellProps={headingProps} />
        </thead>
        <tbody>
          {rows.map((property) => (
            <tr key={property.id} className="group border-b border-border last:border-0 hover:bg-slate-50">
              {columns.map((column) => (
                <td key={column.id} className={cn('px-3 py-2.5 align-middle', column.className)}>
                  {column.cell(property)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function sortCaption<T>(columns: TableColumn<T>[], sort: SortState): string {
  const column = columns.find((c) => c.id === sort.id);
  return `${column?.header ?? sort.id}, ${sort.desc ? 'descending' : 'ascending'}`;
}
