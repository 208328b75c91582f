import { PlusIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { PropertyDto } from '#shared/schemas/properties.ts';
import { AREA_DENIED_MESSAGES } from '#shared/team-roles.ts';
import { ConfirmDeleteDialog, useConfirmedDelete } from '#web/components/dashboard/confirm-delete-dialog.tsx';
import { useDeleteProperty, useProperties } from '#web/components/dashboard/dashboard-api.ts';
import { useIsPhone } from '#web/components/dashboard/use-is-phone.ts';
import { nextSort, type SortState } from '#web/components/table/table-sorting.ts';
import { useSortedRows } from '#web/components/table/use-sorted-rows.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LoadFailed, TabSection } from '#web/components/ui/list-states.tsx';
import { SearchField } from '#web/components/ui/search-field.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useRole } from '#web/lib/use-role.ts';
import { PropertiesTable } from './properties-table.tsx';
import { PropertyCards } from './property-cards.tsx';
import { propertyColumns } from './property-columns.tsx';
import { PropertyFormDialog } from './property-form-dialog.tsx';

/** The Property List sorts newest first until the agent picks a column. */
const DEFAULT_SORT: SortState = { id: 'createdAt', desc: true };

/** The properties whose name or address holds the query. */
function searchProperties(list: PropertyDto[], query: string): PropertyDto[] {
  const terms = query.trim().toLowerCase();
  if (!terms) return list;
  return list.filter(
    (p) => p.propertyName.toLowerCase().includes(terms) || p.propertyAddress.toLowerCase().includes(terms),
  );
}

export function PropertiesTab({ companyId }: { companyId: string }) {
  const properties = useProperties(companyId);
  const deletion = useConfirmedDelete<PropertyDto>(useDeleteProperty(companyId), {
    deleted: 'Property deleted',
    failed: 'Failed to delete property',
  });
  const isPhone = useIsPhone();
  const { can } = useRole();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [formState, setFormState] = useState<{ property: PropertyDto | null } | null>(null);

  const canChange = can('settings');
  // A role that cannot change listings is not offered the buttons (the server would say 403).
  const listOptions = useMemo(
    () => ({
      companyId,
      handlers: canChange
        ? { onEdit: (property: PropertyDto) => setFormState({ property }), onDelete: deletion.select }
        : null,
    }),
    [companyId, canChange, deletion.select],
  );
  const columns = useMemo(() => propertyColumns(listOptions), [listOptions]);
  const searched = useMemo(() => searchProperties(properties.data ?? [], query), [properties.data, query]);
  const rows = useSortedRows(searched, columns, sort).map((row) => row.original);
  const total = properties.data?.length ?? 0;

  const placeholder = properties.isLoading ? (
    <span className="inline-flex items-center gap-2">
      <Spinner label={null} /> Loading properties...
    </span>
  ) : properties.isError ? (
    <LoadFailed what="properties" onRetry={() => void properties.refetch()} />
  ) : rows.length === 0 ? (
    total === 0 ? (
      'No properties found. Add your first property to get started.'
    ) : (
      `No properties match "${query.trim()}".`
    )
  ) : null;

  return (
    <TabSection
      title="Property List"
      description="Each property has its own AI agent link. Share it wherever you advertise the listing."
      actions={
        canChange ? (
          <Button onClick={() => setFormState({ property: null })}>
            <PlusIcon aria-hidden="true" />
            Add Property
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{AREA_DENIED_MESSAGES.settings}</p>
        )
      }
    >
      <SearchField
        label="Search properties by name or address"
        placeholder="Search by name or address"
        value={query}
        onChange={setQuery}
      />

      {isPhone ? (
        <PropertyCards rows={rows} placeholder={placeholder} {...listOptions} />
      ) : (
        <PropertiesTable
          rows={rows}
          columns={columns}
          sort={sort}
          onSort={(id) => setSort((current) => nextSort(current, id))}
          placeholder={placeholder}
        />
      )}
      {total > 0 ? (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Showing {rows.length} of {total} {total === 1 ? 'property' : 'properties'}
        </p>
      ) : null}

      <PropertyFormDialog companyId={companyId} state={formState} onClose={() => setFormState(null)} />
      <ConfirmDeleteDialog
        {...deletion.dialog}
        title="Delete property"
        description="Are you sure you want to delete this property? This action cannot be undone."
        subject={
          deletion.selected
            ? `${deletion.selected.propertyName}, ${deletion.selected.propertyAddress}`
            : undefined
        }
      />
    </TabSection>
  );
}
