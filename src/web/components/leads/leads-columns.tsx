import { type CSSProperties, createContext, type ReactNode, useContext } from 'react';
import { formatDateTime, formatFullDateTime } from '#shared/format.ts';
import type { LeadListItemDto } from '#shared/schemas/leads.ts';
import { viewingSummary } from '#shared/viewing-times.ts';
import { ChannelBadge } from '#web/components/messaging/lead-channel.tsx';
import { CellText, textColumnFor } from '#web/components/table/cell-text.tsx';
import { DeleteRowButton } from '#web/components/table/delete-row-button.tsx';
import {
  isoDateValue,
  moneyValue,
  nextSort,
  numberValue,
  ratingValue,
  type SortState,
  textValue,
  ukDateValue,
} from '#web/components/table/table-sorting.ts';
import type { TableColumn } from '#web/components/table/use-sorted-rows.ts';
import { formatPhone } from '#web/lib/uk-phone.ts';
import { AvailabilityWithDates, PersonRequestedBadge, RatingBadge } from './lead-badges.tsx';
import { SelectAllLeads, SelectLead } from './lead-selection.tsx';
import { StatusBadge, statusOrder } from './lead-status.tsx';
import { QuestionsMarker } from './passed-on-questions.tsx';

/** The delete handler, handed to the Actions cells without rebuilding the column list. */
export const DeleteLeadContext = createContext<(lead: LeadListItemDto) => void>(() => {});

function DeleteLeadButton({ lead }: { lead: LeadListItemDto }) {
  const onDelete = useContext(DeleteLeadContext);
  return (
    <DeleteRowButton
      label={`Delete lead ${lead.name ?? 'without a name'}`}
      onClick={(event) => {
        event.stopPropagation();
        onDelete(lead);
      }}
    />
  );
}

/**
 * The score and the delete button stay in view at the right edge while the other columns scroll
 * sideways, for an agent who shows every column.
 */
export type LeadColumn = TableColumn<LeadListItemDto> & {
  stickyRight?: number;
  /** A heading other than the plain header text (the select-all box). */
  headerContent?: ReactNode;
};

export function stickyStyle(column: LeadColumn): CSSProperties | undefined {
  return column.stickyRight === undefined ? undefined : { position: 'sticky', right: column.stickyRight };
}

/** Columns shown with a value of `LeadListItemDto` as it is, truncated to the cell. */
const textColumn = textColumnFor<LeadListItemDto>();

/** Every income the assistant records reads "£58,000 per year". */
const YEARLY_INCOME = /^(£[\d,]+) per year$/;

/**
 * An income as the table shows it: "£58,000 per year" as "£58,000", the amount an agent compares
 * (the whole text is on hover and in the lead's side panel). Any other wording is kept as it is.
 */
export function incomeInTable(income: string | null): string | null {
  return income?.match(YEARLY_INCOME)?.[1] ?? income;
}

/** The leads table's columns, in the product specification's order. */
export const leadColumns: LeadColumn[] = [
  {
    id: 'select',
    header: 'Select',
    headerContent: <SelectAllLeads />,
    width: 40,
    cell: (l) => <SelectLead lead={l} />,
  },
  {
    id: 'createdAt',
    header: 'Date/Time',
    width: 128,
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
    width: 112,
    sortValue: (l) => textValue(l.propertyName),
    cell: (l) => <CellText value={l.propertyName || 'any'} />,
  },
  textColumn('propertyLocation', 'Location', 190, (l) => textValue(l.propertyLocation)),
  textColumn('rentalPrice', 'Price', 110, (l) => moneyValue(l.rentalPrice)),
  textColumn('numberOfBeds', 'Beds', 84, (l) => numberValue(l.numberOfBeds)),
  {
    id: 'name',
    header: 'Name',
    width: 156,
    sortValue: (l) => textValue(l.name),
    cell: (l) => (
      <span className="flex min-w-0 items-center gap-1.5">
        {l.name ? (
          <span className="truncate font-medium" title={l.name}>
            {l.name}
          </span>
        ) : (
          <CellText value={null} />
        )}
        <ChannelBadge channel={l.channel} compact />
        <PersonRequestedBadge requested={l.personRequested} compact />
        <QuestionsMarker questions={l.passedOnQuestions} />
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    width: 140,
    sortValue: (l) => statusOrder(l.status),
    cell: (l) => <StatusBadge status={l.status} lostReason={l.lostReason} />,
  },
  textColumn('email', 'Email', 210, (l) => textValue(l.email)),
  {
    id: 'contactNumber',
    header: 'Contact',
    width: 130,
    sortValue: (l) => textValue(l.contactNumber),
    cell: (l) => <CellText value={formatPhone(l.contactNumber)} />,
  },
  {
    id: 'income',
    header: 'Income',
    width: 100,
    sortValue: (l) => moneyValue(l.income),
    cell: (l) => <CellText value={incomeInTable(l.income)} title={l.income ?? undefined} />,
  },
  textColumn('profession', 'Profession', 140, (l) => textValue(l.profession)),
  textColumn('numberOfPeople', 'People', 92, (l) => numberValue(l.numberOfPeople)),
  textColumn('moveInDate', 'Move In', 110, (l) => ukDateValue(l.moveInDate)),
  {
    id: 'availability',
    header: 'Availability',
    width: 136,
    sortValue: (l) => textValue(l.availability),
    cell: (l) => <AvailabilityWithDates value={l.availability} dates={l.availabilityDates} />,
  },
  {
    id: 'viewingAt',
    header: 'Viewing',
    width: 190,
    sortValue: (l) => isoDateValue(l.viewingAt),
    cell: (l) => (
      <CellText
        value={l.viewingAt && l.viewingStatus ? viewingSummary(l.viewingAt, l.viewingStatus) : null}
      />
    ),
  },
  {
    id: 'rating',
    header: 'Rating',
    width: 96,
    stickyRight: 64,
    sortValue: (l) => ratingValue(l.rating),
    sortDescFirst: true,
    cell: (l) => <RatingBadge rating={l.rating} />,
  },
  {
    id: 'actions',
    header: 'Actions',
    width: 64,
    stickyRight: 0,
    cell: (l) => <DeleteLeadButton lead={l} />,
  },
];

/**
 * What an agent decides on (name, score, status, property, move-in, income, phone), with when the lead
 * came and when they can view: always offered, and all in view at 1280 px. The rest (location,
 * price, beds, email, profession, people, the booked viewing) start hidden; the column chooser brings them back, and
 * the lead's side panel always shows them.
 */
export const DEFAULT_HIDDEN_COLUMNS: readonly string[] = [
  'propertyLocation',
  'rentalPrice',
  'numberOfBeds',
  'email',
  'profession',
  'numberOfPeople',
  'viewingAt',
];

/** Columns that are always shown: the tick box, who the lead is and the delete button. */
const ALWAYS_SHOWN = new Set(['select', 'name', 'actions']);

/** The columns the column chooser offers. */
export const choosableColumns = leadColumns.filter((column) => !ALWAYS_SHOWN.has(column.id));

/** The columns to show, in the table's order, given the ones the agent hid. */
export function visibleLeadColumns(hidden: readonly string[]): LeadColumn[] {
  return leadColumns.filter((column) => ALWAYS_SHOWN.has(column.id) || !hidden.includes(column.id));
}

/** The hidden columns as stored in the browser; the defaults when nothing (or nonsense) is stored. */
export function readHiddenColumns(stored: string | null): string[] {
  if (stored === null) return [...DEFAULT_HIDDEN_COLUMNS];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [...DEFAULT_HIDDEN_COLUMNS];
    const known = new Set(choosableColumns.map((column) => column.id));
    return value.filter((id): id is string => typeof id === 'string' && known.has(id));
  } catch {
    return [...DEFAULT_HIDDEN_COLUMNS];
  }
}

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
