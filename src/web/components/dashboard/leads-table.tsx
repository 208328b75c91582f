import { useVirtualizer } from '@tanstack/react-virtual';
import { Trash2Icon } from 'lucide-react';
import { type CSSProperties, type KeyboardEvent, type ReactNode, useMemo, useRef } from 'react';
import { formatDateTime, formatFullDateTime, formatUkPhone } from '#shared/format.ts';
import type { LeadDto } from '#shared/schemas/leads.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/utils.ts';
import { CellText } from './cell-text.tsx';
import { AvailabilityBadge, RatingBadge } from './lead-badges.tsx';
import { SortHeader } from './sort-header.tsx';
import {
  isoDateValue,
  moneyValue,
  numberValue,
  ratingValue,
  type SortState,
  textValue,
  ukDateValue,
} from './table-sorting.ts';
import { type TableColumn, useSortedRows } from './use-sorted-rows.ts';

const ROW_HEIGHT = 48;
const HEADER_HEIGHT = 44;

type Actions = { onDelete: (lead: LeadDto) => void };

/** Spec section 2's columns, in its order. */
/**
 * The score and the delete button stay in view at the right edge while the other columns scroll
 * sideways: on a laptop or tablet the table is wider than the screen.
 */
type LeadColumn = TableColumn<LeadDto> & { stickyRight?: number };

function stickyStyle(column: LeadColumn): CSSProperties | undefined {
  return column.stickyRight === undefined ? undefined : { position: 'sticky', right: column.stickyRight };
}

function leadColumns(actions: { current: Actions }): LeadColumn[] {
  return [
    {
      id: 'createdAt',
      header: 'Date/Time',
      width: 140,
      sortValue: (l) => isoDateValue(l.createdAt),
      cell: (l) => (
        <span className="whitespace-nowrap" title={formatFullDateTime(l.createdAt)}>
          {formatDateTime(l.createdAt)}
        </span>
      ),
    },
    {
      id: 'propertyName',
      header: 'Property',
      width: 180,
      sortValue: (l) => textValue(l.propertyName),
      cell: (l) => <CellText value={l.propertyName || 'any'} />,
    },
    {
      id: 'propertyLocation',
      header: 'Location',
      width: 190,
      sortValue: (l) => textValue(l.propertyLocation),
      cell: (l) => <CellText value={l.propertyLocation} />,
    },
    {
      id: 'rentalPrice',
      header: 'Price',
      width: 110,
      sortValue: (l) => moneyValue(l.rentalPrice),
      cell: (l) => <CellText value={l.rentalPrice} />,
    },
    {
      id: 'numberOfBeds',
      header: 'Beds',
      width: 84,
      sortValue: (l) => numberValue(l.numberOfBeds),
      cell: (l) => <CellText value={l.numberOfBeds} />,
    },
    {
      id: 'name',
      header: 'Name',
      width: 160,
      sortValue: (l) => textValue(l.name),
      cell: (l) =>
        l.name ? <span className="block truncate font-medium">{l.name}</span> : <CellText value={null} />,
    },
    {
      id: 'email',
      header: 'Email',
      width: 210,
      sortValue: (l) => textValue(l.email),
      cell: (l) => <CellText value={l.email} />,
    },
    {
      id: 'contactNumber',
      header: 'Contact',
      width: 136,
      sortValue: (l) => textValue(l.contactNumber),
      cell: (l) => <CellText value={formatUkPhone(l.contactNumber)} />,
    },
    {
      id: 'income',
      header: 'Income',
      width: 150,
      sortValue: (l) => moneyValue(l.income),
      cell: (l) => <CellText value={l.income} />,
    },
    {
      id: 'profession',
      header: 'Profession',
      width: 140,
      sortValue: (l) => textValue(l.profession),
      cell: (l) => <CellText value={l.profession} />,
    },
    {
      id: 'numberOfPeople',
      header: 'People',
      width: 92,
      sortValue: (l) => numberValue(l.numberOfPeople),
      cell: (l) => <CellText value={l.numberOfPeople} />,
    },
    {
      id: 'moveInDate',
      header: 'Move In',
      width: 110,
      sortValue: (l) => ukDateValue(l.moveInDate),
      cell: (l) => <CellText value={l.moveInDate} />,
    },
    {
      id: 'availability',
      header: 'Availability',
      width: 160,
      sortValue: (l) => textValue(l.availability),
      cell: (l) => <AvailabilityBadge value={l.availability} />,
    },
    {
      id: 'rating',
      header: 'Rating',
      width: 96,
      stickyRight: 80,
      sortValue: (l) => ratingValue(l.rating),
      cell: (l) => <RatingBadge rating={l.rating} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      width: 80,
      stickyRight: 0,
      cell: (l) => (
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-destructive hover:bg-red-50 hover:text-destructive"
          onClick={(event) => {
            event.stopPropagation();
            actions.current.onDelete(l);
          }}
          aria-label={`Delete lead ${l.name ?? 'without a name'}`}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      ),
    },
  ];
}

type LeadsTableProps = {
  leads: LeadDto[];
  sort: SortState | null;
  onSort: (columnId: string) => void;
  onOpen: (lead: LeadDto) => void;
  onDelete: (lead: LeadDto) => void;
  /** Shown in place of rows: loading, error and empty states. */
  placeholder: ReactNode | null;
};

/**
 * The leads table: a real <table> (so screen readers announce rows and columns) whose body
 * renders only the rows in view, so 10,000 leads scroll, sort and search without a stall.
 */
export function LeadsTable({ leads, sort, onSort, onOpen, onDelete, placeholder }: LeadsTableProps) {
  const actions = useRef<Actions>({ onDelete });
  actions.current = { onDelete };
  const columns = useMemo(() => leadColumns(actions), []);
  const rows = useSortedRows(leads, columns, sort);
  const tableWidth = useMemo(() => columns.reduce((sum, column) => sum + column.width, 0), [columns]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: placeholder ? 0 : rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items.length > 0 ? items[0].start - HEADER_HEIGHT : 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;

  function focusRow(index: number) {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    virtualizer.scrollToIndex(target, { align: 'auto' });
    // The row may only exist after the virtualiser has rendered the new window.
    let attempts = 0;
    const tryFocus = () => {
      const row = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${target}"]`);
      if (row) row.focus();
      else if (attempts++ < 10) requestAnimationFrame(tryFocus);
    };
    requestAnimationFrame(tryFocus);
  }

  function handleRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number, lead: LeadDto) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(lead);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusRow(index + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      focusRow(event.key === 'Home' ? 0 : rows.length - 1);
    } else if (event.key === 'PageDown' || event.key === 'PageUp') {
      event.preventDefault();
      const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 480) / ROW_HEIGHT) - 1);
      focusRow(index + (event.key === 'PageDown' ? page : -page));
    }
  }

  return (
    <div
      ref={scrollRef}
      className="relative max-h-[min(68vh,760px)] overflow-auto rounded-lg border border-border bg-background"
    >
      <table
        className="border-separate border-spacing-0 text-sm"
        style={{ tableLayout: 'fixed', width: tableWidth, minWidth: '100%' }}
        aria-rowcount={rows.length + 1}
      >
        <caption className="sr-only">
          Property leads. Select a row, or focus it and press Enter, to see the lead's answers, score and
          chat. Arrow keys move between rows.
        </caption>
        <colgroup>
          {columns.map((column) => (
            <col key={column.id} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
            {columns.map((column) =>
              column.sortValue ? (
                <SortHeader
                  key={column.id}
                  columnId={column.id}
                  sort={sort}
                  onSort={onSort}
                  className={cn(
                    'sticky top-0 z-10 border-b border-border bg-muted',
                    column.stickyRight !== undefined && 'z-20',
                    column.stickyRight === 80 && 'border-l',
                  )}
                  style={stickyStyle(column)}
                >
                  {column.header}
                </SortHeader>
              ) : (
                <th
                  key={column.id}
                  scope="col"
                  className={cn(
                    'sticky top-0 z-10 h-10 border-b border-border bg-muted px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
                    column.stickyRight !== undefined && 'z-20',
                  )}
                  style={stickyStyle(column)}
                >
                  {column.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {placeholder ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-16 text-center text-muted-foreground">
                <div className="sticky left-0 mx-auto max-w-[calc(100vw-4rem)]">{placeholder}</div>
              </td>
            </tr>
          ) : (
            <>
              {paddingTop > 0 ? (
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row for the rows scrolled out of view; nothing in it can take focus
                <tr aria-hidden="true">
                  <td colSpan={columns.length} style={{ height: paddingTop, padding: 0 }} />
                </tr>
              ) : null}
              {items.map((item) => {
                const row = rows[item.index];
                const lead = row.original;
                return (
                  <tr
                    key={row.id}
                    data-index={item.index}
                    aria-rowindex={item.index + 2}
                    tabIndex={0}
                    onClick={() => onOpen(lead)}
                    onKeyDown={(event) => handleRowKeyDown(event, item.index, lead)}
                    className="group cursor-pointer outline-none hover:bg-slate-50 focus-visible:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
                    style={{ height: ROW_HEIGHT }}
                  >
                    {columns.map((column) => (
                      <td
                        key={column.id}
                        className={cn(
                          'overflow-hidden border-b border-border px-3 align-middle whitespace-nowrap',
                          // Sticky cells need their own (opaque) background to cover what scrolls under them.
                          column.stickyRight !== undefined &&
                            'z-[1] bg-background group-hover:bg-slate-50 group-focus-visible:bg-accent',
                          column.stickyRight === 80 && 'border-l',
                        )}
                        style={stickyStyle(column)}
                      >
                        {column.cell(lead)}
                      </td>
                    ))}
                  </tr>
                );
              })}
              {paddingBottom > 0 ? (
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row for the rows scrolled out of view; nothing in it can take focus
                <tr aria-hidden="true">
                  <td colSpan={columns.length} style={{ height: paddingBottom, padding: 0 }} />
                </tr>
              ) : null}
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}

export function LoadingLeads() {
  return (
    <span className="inline-flex items-center gap-2">
      <Spinner label={null} /> Loading leads...
    </span>
  );
}
