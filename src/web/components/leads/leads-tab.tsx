import {
  ArrowDownWideNarrowIcon,
  DownloadIcon,
  KanbanIcon,
  RefreshCwIcon,
  RotateCcwIcon,
  TableIcon,
  UserCheckIcon,
} from 'lucide-react';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { LeadListItemDto } from '#shared/schemas/leads.ts';
import { ConfirmDeleteDialog, useConfirmedDelete } from '#web/components/dashboard/confirm-delete-dialog.tsx';
import {
  leadsCsvUrl,
  useDashboard,
  useDeleteLead,
  useFailureToast,
  useMyDashboard,
  useReprocessTranscripts,
} from '#web/components/dashboard/dashboard-api.ts';
import { useIsPhone } from '#web/components/dashboard/use-is-phone.ts';
import { useUserPreference } from '#web/components/dashboard/use-user-preference.ts';
import type { SortState } from '#web/components/table/table-sorting.ts';
import { Button, PendingButton } from '#web/components/ui/button.tsx';
import { overlayClassName } from '#web/components/ui/dialog.tsx';
import { LoadFailed, TabSection } from '#web/components/ui/list-states.tsx';
import { LoadingSpinner } from '#web/components/ui/page-fallback.tsx';
import { SearchField } from '#web/components/ui/search-field.tsx';
import { preloadable } from '#web/lib/preloadable.tsx';
import { toast } from '#web/lib/toast.ts';
import { usePhoneLayoutReady } from '#web/lib/uk-phone.ts';
import { useRole } from '#web/lib/use-role.ts';
import { useUser } from '#web/lib/use-user.ts';
import { cn } from '#web/lib/utils.ts';
import { whenIdle } from '#web/lib/when-idle.ts';
import { BulkStatusBar } from './bulk-status-bar.tsx';
import { ColumnChooser } from './column-chooser.tsx';
import { countByStatus } from './lead-board-columns.ts';
import { LeadCards } from './lead-cards.tsx';
import { leadSearchText } from './lead-search.ts';
import { LeadSelectionProvider, useLeadSelection } from './lead-selection.tsx';
import { LeadSortSelect } from './lead-sort-select.tsx';
import { BEST_FIRST, isBestFirst, nextLeadSort, visibleLeadColumns } from './leads-columns.tsx';
import { LeadsTable, LoadingLeads, useLeadRows } from './leads-table.tsx';
import { StatusFilter, type StatusFilterValue } from './status-filter.tsx';
import { useHiddenColumns } from './use-hidden-columns.ts';

// The board and its drag-and-drop library load only when an agent opens the Board view.
const LeadBoard = lazy(() => import('./lead-board.tsx'));
// A lead's side panel (its history, notes and status forms) is not part of the first screen: its
// code is fetched once the leads are shown and the browser is idle, before an agent opens a lead.
const LeadSheet = preloadable(() => import('./lead-sheet.tsx').then((module) => module.LeadSheet));

type LeadView = 'table' | 'board';

/** The view as stored in the browser; the table when nothing (or nonsense) is stored. */
export function readLeadView(stored: string | null): LeadView {
  return stored === '"board"' ? 'board' : 'table';
}

const EMPTY: LeadListItemDto[] = [];

/**
 * A lead's search text, made once per lead object: a move changes one lead of the list, and the
 * other 1,999 keep their objects (and so their text) when the list is rebuilt.
 */
const searchTextCache = new WeakMap<LeadListItemDto, string>();
function cachedSearchText(lead: LeadListItemDto): string {
  let text = searchTextCache.get(lead);
  if (text === undefined) {
    text = leadSearchText(lead);
    searchTextCache.set(lead, text);
  }
  return text;
}
const NEWEST_FIRST: SortState = { id: 'createdAt', desc: true };

function ViewButton({
  view,
  current,
  onSelect,
}: {
  view: LeadView;
  current: LeadView;
  onSelect: () => void;
}) {
  const Icon = view === 'table' ? TableIcon : KanbanIcon;
  const isCurrent = view === current;
  return (
    <Button
      size="sm"
      variant={isCurrent ? 'secondary' : 'ghost'}
      aria-pressed={isCurrent}
      onClick={onSelect}
      className={cn('h-10 sm:h-8', isCurrent && 'border border-primary/40')}
    >
      <Icon aria-hidden="true" />
      {view === 'table' ? 'Table' : 'Board'}
    </Button>
  );
}

export function LeadsTab({ companyId }: { companyId: string }) {
  const dashboard = useDashboard(companyId);
  const deletion = useConfirmedDelete<LeadListItemDto>(useDeleteLead(companyId), {
    deleted: 'Lead deleted',
    failed: 'Failed to delete lead',
  });
  const reprocess = useReprocessTranscripts(companyId);
  const toastFailure = useFailureToast();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState | null>(NEWEST_FIRST);
  const [openLeadId, setOpenLeadId] = useState<string | null>(null);
  // Mounted from the first lead opened on, so that the panel closes with its animation.
  const [hasOpenedLead, setHasOpenedLead] = useState(false);
  if (openLeadId !== null && !hasOpenedLead) setHasOpenedLead(true);
  const isPhone = useIsPhone();
  const { user } = useUser();
  const userId = user?.id ?? 'signed-out';
  const { hidden, setColumnShown } = useHiddenColumns(userId);
  const [view, setView] = useUserPreference('lead-view', userId, readLeadView);
  const [statusFilter, setStatusFilter] = useState<StatusFilterValue>('all');
  const columns = useMemo(() => visibleLeadColumns(hidden), [hidden]);
  const isBoard = view === 'board';

  // "My leads": the server's `?assignee=me` list. A lead given away meanwhile leaves it at once
  // (the edit is written into every cached list, and the filter below drops it); one given to the
  // member arrives when the list is read again after the change.
  const [isMine, setIsMine] = useState(false);
  const mine = useMyDashboard(companyId, { enabled: isMine });
  // The leads wait for the phone layout's parser, fetched beside them (#web/lib/uk-phone.ts), so
  // that every number, and the search text made from it, is laid out once and for good.
  const isPhoneLayoutReady = usePhoneLayoutReady();
  const allLeads = (isPhoneLayoutReady && dashboard.data?.leads) || EMPTY;
  const myLeads = (isPhoneLayoutReady && mine.data?.leads) || EMPTY;
  const leads = useMemo(
    () => (isMine ? myLeads.filter((lead) => lead.assigneeId === user?.id) : allLeads),
    [allLeads, myLeads, isMine, user?.id],
  );
  const shownList = isMine ? mine : dashboard;
  const hasLeads = allLeads.length > 0;
  useEffect(() => (hasLeads ? whenIdle(LeadSheet.preload) : undefined), [hasLeads]);
  const { can } = useRole();
  // Read from the list each time, so that a change (a question ticked) shows in the open panel.
  const openLead = useMemo(
    () => (openLeadId ? (leads.find((lead) => lead.id === openLeadId) ?? null) : null),
    [leads, openLeadId],
  );
  // Stable: the board's memoised columns and cards re-render only when their leads change.
  const openLeadRow = useCallback((lead: LeadListItemDto) => setOpenLeadId(lead.id), []);
  // Built once per load: each search is then one pass of `includes` over ready-made strings.
  const searchTexts = useMemo(() => leads.map(cachedSearchText), [leads]);
  // Typing stays responsive on a slow machine: React renders the filtered table when it can.
  const deferredQuery = useDeferredValue(query);
  const searched = useLeadRows(leads, searchTexts, deferredQuery, sort);
  const statusCounts = useMemo(() => countByStatus(leads), [leads]);
  // The board shows every status in its own column: the filter is the table's.
  const shown = useMemo(
    () =>
      isBoard || statusFilter === 'all' ? searched : searched.filter((lead) => lead.status === statusFilter),
    [searched, statusFilter, isBoard],
  );
  const selection = useLeadSelection(isBoard || isPhone ? EMPTY : shown);
  const bestFirst = isBestFirst(sort);

  const placeholder =
    shownList.isLoading || (shownList.data && !isPhoneLayoutReady) ? (
      <LoadingLeads />
    ) : shownList.isError ? (
      <LoadFailed what="leads" onRetry={() => void shownList.refetch()} />
    ) : leads.length === 0 && isMine && allLeads.length > 0 ? (
      'No leads are assigned to you. Turn off My leads to see every lead.'
    ) : leads.length === 0 ? (
      'No leads yet - When customers use your chatbot, their information will appear here.'
    ) : searched.length === 0 ? (
      `No leads match "${deferredQuery.trim()}".`
    ) : shown.length === 0 ? (
      'No leads with this status match.'
    ) : null;

  return (
    <TabSection
      title="Property Leads"
      description="Every finished chat becomes a lead with a score out of 10. Select a lead to see why it scored as it did."
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            onClick={() => {
              void dashboard.refetch();
              if (isMine) void mine.refetch();
            }}
            disabled={shownList.isFetching}
            aria-label={shownList.isFetching ? 'Refreshing leads' : 'Refresh'}
          >
            <RefreshCwIcon aria-hidden="true" className={cn(shownList.isFetching && 'animate-spin')} />
            Refresh
          </Button>
          {can('settings') ? (
            <PendingButton
              variant="outline"
              isPending={reprocess.isPending}
              icon={RotateCcwIcon}
              onClick={() =>
                reprocess.mutate(undefined, {
                  onSuccess: (data) => toast({ title: data?.message ?? 'Transcripts reprocessed' }),
                  onError: (error) => toastFailure(error, 'Failed to reprocess transcripts'),
                })
              }
            >
              Reprocess transcripts
            </PendingButton>
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
        {isBoard ? null : (
          <StatusFilter value={statusFilter} counts={statusCounts} onChange={setStatusFilter} />
        )}
        {isPhone ? <LeadSortSelect sort={sort} onSort={setSort} /> : null}
        <div className="flex items-center gap-2 sm:ml-auto">
          {/* biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons, not a form's fieldset */}
          <div role="group" aria-label="View" className="inline-flex rounded-md border border-border p-0.5">
            <ViewButton view="table" current={view} onSelect={() => setView(() => 'table')} />
            <ViewButton view="board" current={view} onSelect={() => setView(() => 'board')} />
          </div>
          {isPhone || isBoard ? null : <ColumnChooser hidden={hidden} onChange={setColumnShown} />}
        </div>
      </div>

      {selection.selected.size > 0 ? (
        <BulkStatusBar companyId={companyId} selected={selection.selected} onDone={selection.clear} />
      ) : null}

      {isBoard && !placeholder ? (
        <Suspense fallback={<LoadingLeads />}>
          <LeadBoard companyId={companyId} leads={searched} onOpen={openLeadRow} />
        </Suspense>
      ) : isPhone ? (
        <LeadCards leads={shown} onOpen={openLeadRow} placeholder={placeholder} />
      ) : (
        <LeadSelectionProvider value={selection}>
          <LeadsTable
            leads={shown}
            columns={columns}
            sort={sort}
            onSort={(columnId) => setSort((current) => nextLeadSort(current, columnId))}
            onOpen={openLeadRow}
            onDelete={deletion.select}
            placeholder={placeholder}
          />
        </LeadSelectionProvider>
      )}

      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {(isBoard ? searched : shown).length.toLocaleString('en-GB')} of{' '}
        {leads.length.toLocaleString('en-GB')} results
      </p>

      {hasOpenedLead ? (
        <Suspense
          fallback={
            // Where the lead's panel opens, over the same shade, should its code still be on its way.
            <div className={overlayClassName}>
              <LoadingSpinner className="absolute inset-y-0 right-0 w-full border-l border-border bg-background shadow-lg sm:max-w-xl" />
            </div>
          }
        >
          <LeadSheet
            companyId={companyId}
            lead={openLead}
            onClose={() => setOpenLeadId(null)}
            onDelete={(lead) => {
              setOpenLeadId(null);
              deletion.select(lead);
            }}
          />
        </Suspense>
      ) : null}
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
