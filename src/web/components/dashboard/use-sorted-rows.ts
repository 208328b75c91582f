import {
  type ColumnDef,
  getCoreRowModel,
  getSortedRowModel,
  type Row,
  type SortingFn,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { compareSortValues, type SortState, type SortValue } from './table-sorting.ts';

/** A column of the dashboard's tables: its heading, width, what it sorts by and what it shows. */
export type TableColumn<T> = {
  id: string;
  header: string;
  /** Fixed width in pixels: rows can then be virtualised without the columns jumping. */
  width: number;
  /** Missing for a column that does not sort (Actions). */
  sortValue?: (row: T) => SortValue;
  cell: (row: T) => ReactNode;
  className?: string;
};

const bySortValue: SortingFn<unknown> = (a, b, columnId) =>
  compareSortValues(a.getValue<SortValue>(columnId), b.getValue<SortValue>(columnId));

/**
 * TanStack Table's sorted row model over rows already searched: one column at a time, values
 * computed once per row, and missing values last in either direction (spec section 4).
 */
export function useSortedRows<T>(data: T[], columns: TableColumn<T>[], sort: SortState | null): Row<T>[] {
  const columnDefs = useMemo<ColumnDef<T, SortValue>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        accessorFn: column.sortValue ?? (() => undefined),
        enableSorting: Boolean(column.sortValue),
        sortingFn: bySortValue as SortingFn<T>,
        sortUndefined: 'last',
      })),
    [columns],
  );
  const sorting = useMemo(() => (sort ? [sort] : []), [sort]);
  const table = useReactTable({
    data,
    columns: columnDefs,
    state: { sorting },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    enableMultiSort: false,
    manualFiltering: true,
  });
  return table.getRowModel().rows;
}
