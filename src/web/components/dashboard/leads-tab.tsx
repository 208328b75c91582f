import {
  ArrowDownWideNarrowIcon,
  DownloadIcon,
  RefreshCwIcon,
  RotateCcwIcon,
  UserCheckIcon,
} from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import type { LeadDto, LeadListItemDto } from '#shared/schemas/leads.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SearchField } from '#web/components/ui/search-field.tsx';
import { toast } from '#web/lib/toast.ts';
import { useRole } from '#web/lib/use-role.ts';
import { useUser } from '#web/lib/use-user.ts';
import { cn } from '#web/lib/utils.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { ConfirmDeleteDialog, useConfirmedDelete } from './confirm-delete-dialog.tsx';
import {
  leadsCsvUrl,
  useDashboard,
  useDeleteLead,
  useFailureToast,
  useReprocessTranscripts,
} from './dashboard-api.ts';
import { LeadCards } from './lead-cards.tsx';
import { leadSearchText } from './lead-search.ts';
import { LeadSheet } from './lead-sheet.tsx';
import { LeadSortSelect } from './lead-sort-select.tsx';
import { BEST_FIRST, isBestFirst, nextLeadSort, visibleLeadColumns } from './leads-columns.tsx';
import { LeadsTable, LoadingLeads, useLeadRows } from './leads-table.tsx';
import { LoadFailed, TabSection } from './list-states.tsx';
import type { SortState } from './table-sorting.ts';
import { useHiddenColumns } from './use-hidden-columns.ts';
import { useIsPhone } from './use-is-phone.ts';

const EMPTY: LeadListItemDto[] = [];
const NEWEST_FIRST: SortState = { id: 'createdAt', desc: true };

export function LeadsTab({ companyId }: { companyId: string }) {
  const dashboard = useDashboard(companyId);
  const deletion = useConfirmedDelete<LeadDto>(useDeleteLead(companyId), {
    deleted: 'Lead deleted',
    failed: 'Failed to delete lead',
  });
  const reprocess = useReprocessTranscripts(companyId);
  const toastFailure = useFailureToast();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState | null>(NEWEST_FIRST);
  const [openLeadId, setOpenLeadId] = useState<string | null>(null);
  const isPhone = useIsPhone();
  const { user } = useUser();
  const { hidden, setColumnShown } = useHiddenColumns(user?.id ?? 'signed-out');
  const columns = useMemo(() => visibleLeadColumns(hidden), [hidden]);

  // "My leads": the whole list is loaded already, so the toggle filters it here (the server's
  // `?assignee=me` answers the same for other clients).
  const [isMine, setIsMine] = useState(false);
  const allLeads = dashboard.data?.leads ?? EMPTY;
  const leads = useMemo(
    () => (isMine ? allLeads.filter((lead) => lead.assigneeId === user?.id) : allLeads),
    [allLeads, isMine, user?.id],
  );
  const { can } = useRole();
  // Read from the list each time, so that a change (a question ticked) shows in the open panel.
  const openLead = useMemo(
    () => (openLeadId ? (leads.find((lead) => lead.id === openLeadId) ?? null) : null),
    [leads, openLeadId],
  );
  const openLeadRow = (lead: LeadDto) => setOpenLeadId(lead.id);
  // Built once per load: each search is then one pass of `includes` over ready-made strings.
  const searchTexts = useMemo(() => leads.map(leadSearchText), [leads]);
  // Typing stays responsive on a slow machine: React renders the filtered table when it can.
  const deferredQuery = useDeferredValue(query);
  const searched = useLeadRows(leads, searchTexts, deferredQuery, sort);
  const bestFirst = isBestFirst(sort);

  const placeholder = dashboard.isLoading ? (
    <LoadingLeads />
  ) : dashboard.isError ? (
    <LoadFailed what="leads" onRetry={() => void dashboard.refetch()} />
  ) : leads.length === 0 && isMine && allLeads.length > 0 ? (
    'No leads are assigned to you. Turn off My leads to see every lead.'
  ) : leads.length === 0 ? (
    'No leads yet - When customers use your chatbot, their information will appear here.'
  ) : searched.length === 0 ? (
    `No leads match "${deferredQuery.trim()}".`
  ) : null;

  return (
    <TabSection
      title="Property Leads"
      description="Every finished chat becomes a lead with a score out of 10. Select a lead to see why it scored as it did."
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            onClick={() => void dashboard.refetch()}
            disabled={dashboard.isFetching}
            aria-label={dashboard.isFetching ? 'Refreshing leads' : 'Refresh'}
          >
            <RefreshCwIcon aria-hidden="true" className={cn(dashboard.isFetching && 'animate-spin')} />
            Refresh
          </Button>
          {can('settings') ? (
            <Button
              variant="outline"
              disabled={reprocess.isPending}
              onClick={() =>
                reprocess.mutate(undefined, {
                  onSuccess: (data) => toast({ title: data?.message ?? 'Transcripts reprocessed' }),
                  onError: (error) => toastFailure(error, 'Failed to reprocess transcripts'),
                })
              }
            >
              <RotateCcwIcon aria-hidden="true" className={cn(reprocess.isPending && 'animate-spin')} />
              Reprocess transcripts
            </Button>
          ) : null}
          <Button variant="outline" asChild>
            <a href={leadsCsvUrl(companyId)} download>
              <DownloadIcon aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        </div>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <div className="min-w-0 grow basis-64 sm:max-w-md">
          <SearchField
            label="Search leads"
            placeholder="Search leads by any detail"
            value={query}
            onChange={setQuery}
          />
        </div>
        {/* One click to the top-rated leads; a second click goes back to newest first. */}
        <Button
          variant={bestFirst ? 'secondary' : 'outline'}
          aria-pressed={bestFirst}
          onClick={() => setSort(bestFirst ? NEWEST_FIRST : BEST_FIRST)}
          className={cn(bestFirst && 'border border-primary/40')}
        >
          <ArrowDownWideNarrowIcon aria-hidden="true" />
          Best first
        </Button>
        <Button
          variant={isMine ? 'secondary' : 'outline'}
          aria-pressed={isMine}
          onClick={() => setIsMine(!isMine)}
          className={cn(isMine && 'border border-primary/40')}
        >
          <UserCheckIcon aria-hidden="true" />
          My leads
        </Button>
        {isPhone ? (
          <LeadSortSelect sort={sort} onSort={setSort} />
        ) : (
          <div className="ml-auto">
            <ColumnChooser hidden={hidden} onChange={setColumnShown} />
          </div>
        )}
      </div>

      {isPhone ? (
        <LeadCards leads={searched} onOpen={openLeadRow} placeholder={placeholder} />
      ) : (
        <LeadsTable
          leads={searched}
          columns={columns}
          sort={sort}
          onSort={(columnId) => setSort((current) => nextLeadSort(current, columnId))}
          onOpen={openLeadRow}
          onDelete={deletion.select}
          placeholder={placeholder}
        />
      )}

      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {searched.length.toLocaleString('en-GB')} of {leads.length.toLocaleString('en-GB')} results
      </p>

      <LeadSheet
        companyId={companyId}
        lead={openLead}
        onClose={() => setOpenLeadId(null)}
        onDelete={(lead) => {
          setOpenLeadId(null);
          deletion.select(lead);
        }}
      />
      <ConfirmDeleteDialog
        {...deletion.dialog}
        title="Delete lead"
        description="Are you sure you want to delete this lead? This action cannot be undone."
        subject={
          deletion.selected
            ? [deletion.selected.name || 'Unnamed tenant', deletion.selected.propertyName || 'any'].join(
                ' · ',
              )
            : undefined
        }
      />
    </TabSection>
  );
}
