import { CopyIcon, ExternalLinkIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatDate } from '#shared/format.ts';
import type { PropertyDto } from '#shared/schemas/properties.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SearchField } from '#web/components/ui/search-field.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { CellText } from './cell-text.tsx';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';
import { copyUrl } from './copy-url.ts';
import { useDeleteProperty, useFailureToast, useProperties } from './dashboard-api.ts';
import { PropertyFormDialog } from './property-form-dialog.tsx';
import { SortHeader } from './sort-header.tsx';
import {
  isoDateValue,
  moneyValue,
  nextSort,
  numberValue,
  type SortState,
  textValue,
  ukDateValue,
} from './table-sorting.ts';
import { type TableColumn, useSortedRows } from './use-sorted-rows.ts';

/** The Property List sorts newest first until the agent picks a column. */
const DEFAULT_SORT: SortState = { id: 'createdAt', desc: true };

export function PropertiesTab({ companyId }: { companyId: string }) {
  const properties = useProperties(companyId);
  const deleteProperty = useDeleteProperty(companyId);
  const toastFailure = useFailureToast();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [formState, setFormState] = useState<{ property: PropertyDto | null } | null>(null);
  const [toDelete, setToDelete] = useState<PropertyDto | null>(null);

  const searched = useMemo(() => {
    const terms = query.trim().toLowerCase();
    const list = properties.data ?? [];
    if (!terms) return list;
    return list.filter(
      (p) => p.propertyName.toLowerCase().includes(terms) || p.propertyAddress.toLowerCase().includes(terms),
    );
  }, [properties.data, query]);

  const columns = useMemo<TableColumn<PropertyDto>[]>(
    () => [
      {
        id: 'createdAt',
        header: 'Date',
        width: 0,
        className: 'whitespace-nowrap',
        sortValue: (p) => isoDateValue(p.createdAt),
        cell: (p) => <span className="whitespace-nowrap">{formatDate(p.createdAt)}</span>,
      },
      {
        id: 'propertyName',
        header: 'Property Name',
        width: 130,
        sortValue: (p) => textValue(p.propertyName),
        cell: (p) => <span className="font-medium">{p.propertyName}</span>,
      },
      {
        id: 'propertyAddress',
        header: 'Address',
        width: 140,
        sortValue: (p) => textValue(p.propertyAddress),
        cell: (p) => p.propertyAddress,
      },
      {
        id: 'propertyRentalPrice',
        header: 'Rental Price',
        width: 0,
        className: 'whitespace-nowrap',
        sortValue: (p) => moneyValue(p.propertyRentalPrice),
        cell: (p) => <CellText value={p.propertyRentalPrice} wrap />,
      },
      {
        id: 'numberOfBedrooms',
        header: 'Bedrooms',
        width: 0,
        className: 'whitespace-nowrap',
        sortValue: (p) => numberValue(p.numberOfBedrooms),
        cell: (p) => <CellText value={p.numberOfBedrooms} />,
      },
      {
        id: 'parkingSpace',
        header: 'Parking',
        width: 100,
        sortValue: (p) => textValue(p.parkingSpace),
        cell: (p) => <CellText value={p.parkingSpace} wrap />,
      },
      {
        id: 'vacancyDate',
        header: 'Vacancy Date',
        width: 0,
        className: 'whitespace-nowrap',
        sortValue: (p) => ukDateValue(p.vacancyDate),
        cell: (p) => <CellText value={p.vacancyDate} />,
      },
      {
        id: 'landlord',
        header: 'Landlord',
        width: 110,
        sortValue: (p) => textValue(p.landlord),
        cell: (p) => <CellText value={p.landlord} wrap />,
      },
      {
        id: 'chatbotUrl',
        header: 'AI Agent URL',
        width: 0,
        className: 'whitespace-nowrap',
        cell: (p) => (
          <div className="flex items-center gap-1">
            <Button
              variant="outline"
              size="sm"
              className="h-8 px-2"
              onClick={() => void copyUrl(p.chatbotUrl)}
              aria-label={`Copy AI agent link for ${p.propertyName}`}
              title={p.chatbotUrl}
            >
              <CopyIcon aria-hidden="true" />
              Copy
            </Button>
            <Button variant="ghost" size="icon" className="size-8" asChild>
              <a
                href={p.chatbotUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Open AI agent for ${p.propertyName} in a new tab`}
                title={p.chatbotUrl}
              >
                <ExternalLinkIcon aria-hidden="true" />
              </a>
            </Button>
          </div>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        width: 0,
        className:
          'whitespace-nowrap sticky right-0 border-l border-border bg-background group-hover:bg-slate-50',
        cell: (p) => (
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              onClick={() => setFormState({ property: p })}
              aria-label={`Edit ${p.propertyName}`}
            >
              <PencilIcon aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-destructive hover:bg-red-50 hover:text-destructive"
              onClick={() => setToDelete(p)}
              aria-label={`Delete ${p.propertyName}`}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </div>
        ),
      },
    ],
    [],
  );

  const rows = useSortedRows(searched, columns, sort);
  const total = properties.data?.length ?? 0;

  return (
    <section aria-labelledby="property-list-heading" className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="property-list-heading" className="text-lg font-semibold">
            Property List
          </h2>
          <p className="text-sm text-muted-foreground">
            Each property has its own AI agent link. Share it wherever you advertise the listing.
          </p>
        </div>
        <Button onClick={() => setFormState({ property: null })}>
          <PlusIcon aria-hidden="true" />
          Add Property
        </Button>
      </div>

      <SearchField
        label="Search properties by name or address"
        placeholder="Search by name or address"
        value={query}
        onChange={setQuery}
      />

      <div className="overflow-x-auto rounded-lg border border-border bg-background">
        <table className="w-full text-sm">
          <caption className="sr-only">Properties, sorted by {sortCaption(columns, sort)}</caption>
          <thead className="border-b border-border bg-muted">
            <tr>
              {columns.map((column) =>
                column.sortValue ? (
                  <SortHeader
                    key={column.id}
                    columnId={column.id}
                    sort={sort}
                    onSort={(id) => setSort((current) => nextSort(current, id))}
                    style={column.width ? { minWidth: column.width } : undefined}
                  >
                    {column.header}
                  </SortHeader>
                ) : (
                  <th
                    key={column.id}
                    scope="col"
                    className={cn(
                      'h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
                      column.id === 'actions' && 'sticky right-0 border-l border-border bg-muted',
                    )}
                    style={column.width ? { minWidth: column.width } : undefined}
                  >
                    {column.header}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {properties.isLoading ? (
              <StateRow colSpan={columns.length}>
                <span className="inline-flex items-center gap-2">
                  <Spinner label={null} /> Loading properties...
                </span>
              </StateRow>
            ) : properties.isError ? (
              <StateRow colSpan={columns.length}>
                Could not load your properties.{' '}
                <Button variant="link" className="h-auto p-0" onClick={() => void properties.refetch()}>
                  Try again
                </Button>
              </StateRow>
            ) : rows.length === 0 ? (
              <StateRow colSpan={columns.length}>
                {total === 0
                  ? 'No properties found. Add your first property to get started.'
                  : `No properties match "${query.trim()}".`}
              </StateRow>
            ) : (
              rows.map((row) => (
                <tr key={row.id} className="group border-b border-border last:border-0 hover:bg-slate-50">
                  {columns.map((column) => (
                    <td key={column.id} className={cn('px-3 py-2.5 align-middle', column.className)}>
                      {column.cell(row.original)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {total > 0 ? (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Showing {rows.length} of {total} {total === 1 ? 'property' : 'properties'}
        </p>
      ) : null}

      <PropertyFormDialog companyId={companyId} state={formState} onClose={() => setFormState(null)} />
      <ConfirmDeleteDialog
        isOpen={toDelete !== null}
        title="Delete property"
        description="Are you sure you want to delete this property? This action cannot be undone."
        subject={toDelete ? `${toDelete.propertyName}, ${toDelete.propertyAddress}` : undefined}
        isPending={deleteProperty.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          deleteProperty.mutate(toDelete.id, {
            onSuccess: () => {
              toast({ title: 'Property deleted' });
              setToDelete(null);
            },
            onError: (error) => {
              toastFailure(error, 'Failed to delete property');
              setToDelete(null);
            },
          });
        }}
      />
    </section>
  );
}

function sortCaption<T>(columns: TableColumn<T>[], sort: SortState): string {
  const column = columns.find((c) => c.id === sort.id);
  return `${column?.header ?? sort.id}, ${sort.desc ? 'descending' : 'ascending'}`;
}

function StateRow({ colSpan, children }: { colSpan: number; children: React.ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-12 text-center text-muted-foreground">
        {children}
      </td>
    </tr>
  );
}
