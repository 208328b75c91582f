import { formatDate } from '#shared/format.ts';
import type { PropertyDto } from '#shared/schemas/properties.ts';
import { CellText } from './cell-text.tsx';
import {
  AgentLinkButtons,
  PropertyAssignee,
  PropertyEditButtons,
  type PropertyListOptions,
} from './property-actions.tsx';
import { isoDateValue, moneyValue, numberValue, textValue, ukDateValue } from './table-sorting.ts';
import type { TableColumn } from './use-sorted-rows.ts';

type PropertyColumn = TableColumn<PropertyDto>;

/** A column of free text that wraps (width is its minimum), or stays on one line when `width` is 0. */
function textColumn(
  id: keyof PropertyDto & string,
  header: string,
  width: number,
  sortValue: PropertyColumn['sortValue'],
): PropertyColumn {
  return {
    id,
    header,
    width,
    className: width === 0 ? 'whitespace-nowrap' : undefined,
    sortValue,
    cell: (p) => <CellText value={p[id] as string | number | null} wrap={width > 0} />,
  };
}

/**
 * The Property List's columns, in the product specification's order, then who looks after each
 * listing and (for a role that may change listings) the edit and delete buttons.
 */
export function propertyColumns({ companyId, handlers }: PropertyListOptions): PropertyColumn[] {
  const columns: PropertyColumn[] = [
    {
      id: 'createdAt',
      header: 'Date',
      width: 0,
      className: 'whitespace-nowrap',
      sortValue: (p) => isoDateValue(p.createdAt),
      cell: (p) => formatDate(p.createdAt),
    },
    {
      id: 'propertyName',
      header: 'Property Name',
      width: 130,
      sortValue: (p) => textValue(p.propertyName),
      cell: (p) => <span className="font-medium">{p.propertyName}</span>,
    },
    textColumn('propertyAddress', 'Address', 140, (p) => textValue(p.propertyAddress)),
    textColumn('propertyRentalPrice', 'Rental Price', 0, (p) => moneyValue(p.propertyRentalPrice)),
    textColumn('numberOfBedrooms', 'Bedrooms', 0, (p) => numberValue(p.numberOfBedrooms)),
    textColumn('parkingSpace', 'Parking', 100, (p) => textValue(p.parkingSpace)),
    textColumn('vacancyDate', 'Vacancy Date', 0, (p) => ukDateValue(p.vacancyDate)),
    textColumn('landlord', 'Landlord', 110, (p) => textValue(p.landlord)),
    {
      id: 'chatbotUrl',
      header: 'AI Agent URL',
      width: 0,
      className: 'whitespace-nowrap',
      cell: (p) => <AgentLinkButtons property={p} />,
    },
    {
      id: 'assigneeId',
      header: 'Looked after by',
      width: 0,
      className: 'whitespace-nowrap',
      cell: (p) => (
        <PropertyAssignee
          property={p}
          companyId={companyId}
          canAssign={handlers !== null}
          className="h-8 w-auto min-w-36"
        />
      ),
    },
  ];
  if (!handlers) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: 'Actions',
      width: 0,
      className:
        'whitespace-nowrap sticky right-0 border-l border-border bg-background group-hover:bg-slate-50',
      cell: (p) => <PropertyEditButtons property={p} {...handlers} />,
    },
  ];
}
