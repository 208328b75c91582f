import type { TableColumn } from './use-sorted-rows.ts';

/**
 * A table value, or '-' when there is none. Truncated to one line by default
 * (the leads table has fixed row heights); `wrap` lets it wrap instead. `title` is the whole
 * value on hover when the cell shows it shortened; the shown text by default.
 */
export function CellText({
  value,
  wrap = false,
  title,
}: {
  value: string | number | null | undefined;
  wrap?: boolean;
  title?: string;
}) {
  if (value === null || value === undefined || value === '') {
    return <span className="text-muted-foreground">-</span>;
  }
  const text = String(value);
  if (wrap) return <span>{text}</span>;
  return (
    <span className="block truncate" title={title ?? text}>
      {text}
    </span>
  );
}

/**
 * Columns that show a row's own value as it is, for rows of type `T`. Truncated to the cell by
 * default (the leads table's fixed widths); with `wrap` the text wraps and `width` is its
 * minimum, or it stays on one line when `width` is 0.
 */
export function textColumnFor<T>({ wrap = false }: { wrap?: boolean } = {}) {
  return (
    id: keyof T & string,
    header: string,
    width: number,
    sortValue: TableColumn<T>['sortValue'],
  ): TableColumn<T> => ({
    id,
    header,
    width,
    className: wrap && width === 0 ? 'whitespace-nowrap' : undefined,
    sortValue,
    cell: (row) => <CellText value={row[id] as string | number | null} wrap={wrap && width > 0} />,
  });
}
