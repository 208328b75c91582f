import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import type { ComponentProps, CSSProperties, ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';
import type { SortState } from './table-sorting.ts';

type SortHeaderProps = {
  columnId: string;
  sort: SortState | null;
  onSort: (columnId: string) => void;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
};

const headerClassName = 'h-10 text-left align-middle font-medium whitespace-nowrap text-muted-foreground';

/** A column heading that does not sort (Actions, AI Agent URL). */
export function PlainHeader({
  children,
  className,
  style,
}: {
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <th scope="col" className={cn(headerClassName, 'px-3', className)} style={style}>
      {children}
    </th>
  );
}

/** A column heading that sorts its table; `aria-sort` tells screen readers the current order. */
export function SortHeader({ columnId, sort, onSort, children, className, style }: SortHeaderProps) {
  const isActive = sort?.id === columnId;
  const direction = isActive ? (sort.desc ? 'descending' : 'ascending') : undefined;
  const Icon = !isActive ? ArrowUpDownIcon : sort.desc ? ArrowDownIcon : ArrowUpIcon;
  return (
    <th
      scope="col"
      aria-sort={direction ?? 'none'}
      className={cn(headerClassName, 'px-1', className)}
      style={style}
    >
      <button
        type="button"
        onClick={() => onSort(columnId)}
        className={cn(
          'inline-flex max-w-full items-center gap-1.5 rounded-md px-2 py-1 text-left outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
          isActive && 'text-foreground',
        )}
      >
        <span className="truncate">{children}</span>
        <Icon className={cn('size-3.5 shrink-0', !isActive && 'opacity-50')} aria-hidden="true" />
      </button>
    </th>
  );
}

type HeaderColumn = { id: string; header: string; sortValue?: unknown; headerContent?: ReactNode };

type HeaderRowProps<C extends HeaderColumn> = ComponentProps<'tr'> & {
  columns: C[];
  sort: SortState | null;
  onSort: (columnId: string) => void;
  /** Each heading's class and style (sticky columns, minimum widths). */
  cellProps: (column: C) => { className?: string; style?: CSSProperties };
};

/** A table's row of column headings: sortable where the column has a sort value, else plain. */
export function HeaderRow<C extends HeaderColumn>({
  columns,
  sort,
  onSort,
  cellProps,
  ...row
}: HeaderRowProps<C>) {
  return (
    <tr {...row}>
      {columns.map((column) => {
        const { className, style } = cellProps(column);
        return column.sortValue ? (
          <SortHeader
            key={column.id}
            columnId={column.id}
            sort={sort}
            onSort={onSort}
            className={className}
            style={style}
          >
            {column.header}
          </SortHeader>
        ) : (
          <PlainHeader key={column.id} className={className} style={style}>
            {column.headerContent ?? column.header}
          </PlainHeader>
        );
      })}
    </tr>
  );
}
