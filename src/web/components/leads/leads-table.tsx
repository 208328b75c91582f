import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, memo, type ReactNode, useMemo, useRef } from 'react';
import type { LeadListItemDto } from '#shared/schemas/leads.ts';
import { HeaderRow } from '#web/components/table/sort-header.tsx';
import type { SortState } from '#web/components/table/table-sorting.ts';
import { useRowKeyboard } from '#web/components/table/use-row-keyboard.ts';
import { useSortedRows } from '#web/components/table/use-sorted-rows.ts';
import { ListPlaceholder } from '#web/components/ui/list-states.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/utils.ts';
import { matchesSearch, searchTerms } from './lead-search.ts';
import { DeleteLeadContext, type LeadColumn, leadColumns, stickyStyle } from './leads-columns.tsx';

const ROW_HEIGHT = 48;
const HEADER_HEIGHT = 44;

/** Headings stay in view while the rows scroll; the score's and the delete button's sideways too. */
function headingProps(column: LeadColumn) {
  return {
    className: cn(
      'sticky top-0 z-10 border-b border-border bg-muted',
      column.stickyRight !== undefined && 'z-20',
      column.stickyRight === 64 && 'border-l',
    ),
    style: stickyStyle(column),
  };
}

/**
 * The leads in the table's order (sorted by TanStack Table over every lead, so that a search
 * only filters rows already in order), then the ones matching the search.
 */
export function useLeadRows(
  leads: LeadListItemDto[],
  searchTexts: string[],
  query: string,
  sort: SortState | null,
) {
  const sorted = useSortedRows(leads, leadColumns, sort);
  return useMemo(() => {
    const terms = searchTerms(query);
    const result: LeadListItemDto[] = [];
    for (const row of sorted) {
      if (terms.length === 0 || matchesSearch(searchTexts[row.index], terms)) result.push(row.original);
    }
    return result;
  }, [sorted, searchTexts, query]);
}

type LeadsTableProps = {
  /** The rows to show, in order. */
  leads: LeadListItemDto[];
  /** The columns the agent chose to see, in the table's order. */
  columns: LeadColumn[];
  sort: SortState | null;
  onSort: (columnId: string) => void;
  onOpen: (lead: LeadListItemDto) => void;
  onDelete: (lead: LeadListItemDto) => void;
  /** Shown in place of rows: loading, error and empty states. */
  placeholder: ReactNode | null;
};

/**
 * The leads table: a real <table> (so screen readers announce rows and columns) whose body
 * renders only the rows in view, so 10,000 leads scroll, sort and search without a stall.
 */
export function LeadsTable({ leads, columns, sort, onSort, onOpen, onDelete, placeholder }: LeadsTableProps) {
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

  const { handleRowKeyDown, handleOpen } = useRowKeyboard({
    scrollRef,
    rows: leads,
    onOpen,
    virtualizer,
    rowHeight: ROW_HEIGHT,
  });
  const tableWidth = columns.reduce((sum, column) => sum + column.width, 0);

  // Not inside the table, which may be wider than the screen: the message is never cut.
  if (placeholder) return <ListPlaceholder>{placeholder}</ListPlaceholder>;

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
            {columns.map((column) => (
              <col key={column.id} style={{ width: column.width }} />
            ))}
          </colgroup>
          <thead>
            <HeaderRow
              aria-rowindex={1}
              style={{ height: HEADER_HEIGHT }}
              columns={columns}
              sort={sort}
              onSort={onSort}
              cellProps={headingProps}
            />
          </thead>
          <tbody>
            {paddingTop > 0 ? (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row for the rows scrolled out of view; nothing in it can take focus
              <tr aria-hidden="true">
                <td colSpan={columns.length} style={{ height: paddingTop, padding: 0 }} />
              </tr>
            ) : null}
            {items.map((item) => (
              <LeadRow
                key={item.key}
                lead={leads[item.index]}
                columns={columns}
                index={item.index}
                onOpen={handleOpen}
                onKeyDown={handleRowKeyDown}
              />
            ))}
            {paddingBottom > 0 ? (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row for the rows scrolled out of view; nothing in it can take focus
              <tr aria-hidden="true">
                <td colSpan={columns.length} style={{ height: paddingBottom, padding: 0 }} />
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </DeleteLeadContext>
  );
}

type LeadRowProps = {
  lead: LeadListItemDto;
  columns: LeadColumn[];
  index: number;
  onOpen: (lead: LeadListItemDto) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>, index: number) => void;
};

/** Memoised: scrolling re-renders only the rows that come into view. */
const LeadRow = memo(function LeadRow({ lead, columns, index, onOpen, onKeyDown }: LeadRowProps) {
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
      {columns.map((column) => (
        <td
          key={column.id}
          className={cn(
            'overflow-hidden border-b border-border px-3 align-middle whitespace-nowrap',
            // Sticky cells need their own (opaque) background to cover what scrolls under them.
            column.stickyRight !== undefined &&
              'z-[1] bg-background group-hover:bg-slate-50 group-focus-visible:bg-accent',
            column.stickyRight === 64 && 'border-l',
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
