import { formatDate } from '#shared/format.ts';
import type { PropertyDto } from '#shared/schemas/properties.ts';
import { textColumnFor } from '#web/components/table/cell-text.tsx';
import {
  isoDateValue,
  moneyValue,
  numberValue,
  textValue,
  ukDateValue,
} from '#web/components/table/table-sorting.ts';
import type { TableColumn } from '#web/components/table/use-sorted-rows.ts';
import {
  AgentLinkButtons,
  PropertyAssignee,
  PropertyEditButtons,
  type PropertyListOptions,
} from './property-actions.tsx';

type PropertyColumn = TableColumn<PropertyDto>;

const textColumn = textColumnFor<PropertyDto>({ wrap: true });

/**
 * The Property List's columns, in the product specification's order; the edit and delete
 * buttons only for a role that may change listings.
 */
export function propertyColumns(options: PropertyListOptions): PropertyColumn[] {
  const { handlers } = options;
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
      // Who looks after the listing sits under its name: a column of its own would push the
      // table past a 1280 px screen.
      cell: (p) => (
        <div className="grid gap-1">
          <span className="font-medium">{p.propertyName}</span>
          <span className="text-xs text-muted-foreground">Looked after by</span>
          <PropertyAssignee property={p} {...options} className="h-7 w-full min-w-0 px-2 text-xs" />
        </div>
      ),
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
