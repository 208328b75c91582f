import { useVirtualizer } from '@tanstack/react-virtual';
import { Trash2Icon } from 'lucide-react';
import {
  type CSSProperties,
  createContext,
  type KeyboardEvent,
  memo,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
} from 'react';
import { formatDateTime, formatFullDateTime, formatUkPhone } from '#shared/format.ts';
import type { LeadDto } from '#shared/schemas/leads.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/utils.ts';
import { CellText } from './cell-text.tsx';
import { AvailabilityBadge, RatingBadge } from './lead-badges.tsx';
import { matchesSearch, searchTerms } from './lead-search.ts';
import { SortHeader } from './sort-header.tsx';
import {
  isoDateValue,
  moneyValue,
  nextSort,
  numberValue,
  ratingValue,
  type SortState,
  textValue,
  ukDateValue,
} from './table-sorting.ts';
import { type TableColumn, useSortedRows } from './use-sorted-rows.ts';

const ROW_HEIGHT = 48;
const HEADER_HEIGHT = 44;

/** The delete handler, handed to the Actions cells without rebuilding the column list. */
const DeleteLeadContext = createContext<(lead: LeadDto) => void>(() => {});

function DeleteLeadButton({ lead }: { lead: LeadDto }) {
  const onDelete = useContext(DeleteLeadContext);
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8 text-destructive hover:bg-red-50 hover:text-destructive"
      onClick={(event) => {
        event.stopPropagation();
        onDelete(lead);
      }}
      aria-label={`Delete lead ${lead.name ?? 'without a name'}`}
    >
      <Trash2Icon aria-hidden="true" />
    </Button>
  );
}

/**
 * The score and the delete button stay in view at the right edge while the other columns scroll
 * sideways: on a laptop or tablet the table is wider than the screen.
 */
type LeadColumn = TableColumn<LeadDto> & { stickyRight?: number };

function stickyStyle(column: LeadColumn): CSSProperties | undefined {
  return column.stickyRight === undefined ? undefined : { position: 'sticky', right: column.stickyRight };
}

/** The leads table's columns, in the product specification's order. */
export const leadColumns: LeadColumn[] = [
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
    sortDescFirst: true,
    cell: (l) => <RatingBadge rating={l.rating} />,
  },
  {
    id: 'actions',
    header: 'Actions',
    width: 80,
    stickyRight: 0,
    cell: (l) => <DeleteLeadButton lead={l} />,
  },
];

/** Highest score first, the unrated last: the leads an agent calls first. */
export const BEST_FIRST: SortState = { id: 'rating', desc: true };

export function isBestFirst(sort: SortState | null): boolean {
  return sort?.id === BEST_FIRST.id && sort.desc === BEST_FIRST.desc;
}

/** The next sort when a lead column's heading is clicked (Rating starts highest first). */
export function nextLeadSort(current: SortState | null, columnId: string): SortState {
  const column = leadColumns.find((c) => c.id === columnId);
  return nextSort(current, columnId, column?.sortDescFirst);
}

const tableWidth = leadColumns.reduce((sum, column) => sum + column.width, 0);

/**
 * The leads in the table's order (sorted by TanStack Table over every lead, so that a search
 * only filters rows already in order), then the ones matching the search.
 */
export function useLeadRows(leads: LeadDto[], searchTexts: string[], query: string, sort: SortState | null) {
  const sorted = useSortedRows(leads, leadColumns, sort);
  return useMemo(() => {
    const terms = searchTerms(query);
    const result: LeadDto[] = [];
    for (const row of sorted) {
      if (terms.length === 0 || matchesSearch(searchTexts[row.index], terms)) result.push(row.original);
    }
    return result;
  }, [sorted, searchTexts, query]);
}

type LeadsTableProps = {
  /** The rows to show, in order. */
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
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: placeholder ? 0 : leads.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    getItemKey: (index) => leads[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items.length > 0 ? items[0].start - HEADER_HEIGHT : 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;

  // Rows are memoised: the key handler must keep its identity while reading the latest state.
  const latest = useRef({ leads, onOpen, virtualizer });
  latest.current = { leads, onOpen, virtualizer };
  const handleRowKeyDown = useCallback((event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    if (event.target !== event.currentTarget) return;
    const { leads: rows, onOpen: open, virtualizer: list } = latest.current;
    const focusRow = (wanted: number) => {
      const target = Math.max(0, Math.min(rows.length - 1, wanted));
      const findRow = () => scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${target}"]`);
      const rendered = findRow();
      if (rendered) {
        rendered.focus();
        return;
      }
      // Not rendered yet: scroll the virtualiser there, then focus once the row exists.
      list.scrollToIndex(target, { align: 'auto' });
      let attempts = 0;
      const tryFocus = () => {
        const row = findRow();
        if (row) row.focus();
        else if (attempts++ < 10) requestAnimationFrame(tryFocus);
      };
      requestAnimationFrame(tryFocus);
    };
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(rows[index]);
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
  }, []);
  const handleOpen = useCallback((lead: LeadDto) => latest.current.onOpen(lead), []);

  return (
    <DeleteLeadContext value={onDelete}>
      <div
        ref={scrollRef}
        className="relative max-h-[min(68vh,760px)] overflow-auto rounded-lg border border-border bg-background"
      >
        <table
          className="border-separate border-spacing-0 text-sm"
          style={{ tableLayout: 'fixed', width: tableWidth, minWidth: '100%' }}
          aria-rowcount={leads.length + 1}
        >
          <caption className="sr-only">
            Property leads. Select a row, or focus it and press Enter, to see the lead's answers, score and
            chat. Arrow keys move between rows.
          </caption>
          <colgroup>
            {leadColumns.map((column) => (
              <col key={column.id} style={{ width: column.width }} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
              {leadColumns.map((column) =>
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
                <td colSpan={leadColumns.length} className="px-4 py-16 text-center text-muted-foreground">
                  <div className="sticky left-0 mx-auto max-w-[calc(100vw-4rem)]">{placeholder}</div>
                </td>
              </tr>
            ) : (
              <>
                {paddingTop > 0 ? (
                  // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row for the rows scrolled out of view; nothing in it can take focus
                  <tr aria-hidden="true">
                    <td colSpan={leadColumns.length} style={{ height: paddingTop, padding: 0 }} />
                  </tr>
                ) : null}
                {items.map((item) => (
                  <LeadRow
                    key={item.key}
                    lead={leads[item.index]}
                    index={item.index}
                    onOpen={handleOpen}
                    onKeyDown={handleRowKeyDown}
                  />
                ))}
                {paddingBottom > 0 ? (
                  // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row for the rows scrolled out of view; nothing in it can take focus
                  <tr aria-hidden="true">
                    <td colSpan={leadColumns.length} style={{ height: paddingBottom, padding: 0 }} />
                  </tr>
                ) : null}
              </>
            )}
          </tbody>
        </table>
      </div>
    </DeleteLeadContext>
  );
}

type LeadRowProps = {
  lead: LeadDto;
  index: number;
  onOpen: (lead: LeadDto) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>, index: number) => void;
};

/** Memoised: scrolling re-renders only the rows that come into view. */
const LeadRow = memo(function LeadRow({ lead, index, onOpen, onKeyDown }: LeadRowProps) {
  return (
    <tr
      data-index={index}
      aria-rowindex={index + 2}
      tabIndex={0}
      onClick={() => onOpen(lead)}
      onKeyDown={(event) => onKeyDown(event, index)}
      className="group cursor-pointer outline-none hover:bg-slate-50 focus-visible:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      style={{ height: ROW_HEIGHT }}
    >
      {leadColumns.map((column) => (
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
});

export function LoadingLeads() {
  return (
    <span className="inline-flex items-center gap-2">
      <Spinner label={null} /> Loading leads...
    </span>
  );
}
