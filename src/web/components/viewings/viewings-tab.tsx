import { TZDate } from '@date-fns/tz';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays, format, startOfWeek } from 'date-fns';
import { ChevronLeftIcon, ChevronRightIcon, PhoneIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { sourceLabel } from '#shared/chat-source.ts';
import { formatUkPhone } from '#shared/format/phone.ts';
import {
  type AgentViewing,
  type AgentViewingList,
  DEFAULT_QUIET_HOURS,
  type UpdateViewing,
  VIEWING_STATE_LABELS,
  type ViewingMessageSettings,
  type ViewingTimesResponse,
  viewingState,
} from '#shared/schemas/viewings.ts';
import { LONDON_ZONE } from '#shared/viewing-times.ts';
import { useProperties } from '#web/components/dashboard/dashboard-api.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, PendingButton, type PendingButtonProps } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { DialogFooter, DialogShell } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { RowsSkeleton, Skeleton } from '#web/components/ui/skeleton.tsx';
import { apiRequest, errorMessage } from '#web/lib/api.ts';
import { toast, toastError } from '#web/lib/toast.ts';
import { useKeepFocus } from '#web/lib/use-keep-focus.ts';
import { useRole } from '#web/lib/use-role.ts';
import { cn } from '#web/lib/utils.ts';
import { ScheduleEditor } from './schedule-editor.tsx';
import { ViewingTimesLine } from './viewing-times-note.tsx';
import { useViewingSchedule } from './weekly-windows.tsx';

const viewingsUrl = (companyId: string, from: string, to: string) =>
  `/api/companies/${companyId}/viewings?from=${from}&to=${to}`;

const stateVariant = {
  confirmed: 'success',
  awaiting: 'warning',
  attended: 'secondary',
  no_show: 'danger',
  cancelled: 'outline',
  released: 'outline',
} as const;

/** The viewing's state as a badge: confirmed, awaiting confirmation, released, attended… */
function StateBadge({ viewing }: { viewing: AgentViewing }) {
  const state = viewingState(viewing);
  return (
    <Badge
      variant={stateVariant[state]}
      title={state === 'awaiting' ? 'Awaiting the tenant’s confirmation' : undefined}
    >
      {VIEWING_STATE_LABELS[state]}
    </Badge>
  );
}

/** Who comes to the viewing, and their lead's score out of 10 where it has one. */
function TenantWithScore({ viewing }: { viewing: AgentViewing }) {
  return (
    <>
      {viewing.tenantName ?? 'Tenant'}
      {viewing.score !== null ? <span className="text-muted-foreground"> · {viewing.score}/10</span> : null}
    </>
  );
}

/** Today in London, as a wall-clock date. */
const londonToday = () => new TZDate(Date.now(), LONDON_ZONE);
const isoDay = (date: Date) => format(date, 'yyyy-MM-dd');

/** A small button that is a finger's size (40 px) on a phone, and 36 px at a desk. */
const PHONE_SIZED = 'h-10 sm:h-9';

/**
 * The Viewings tab, its own chunk (the dashboard's TabsContent lays its cards out): the week's
 * viewings (or one day's), their outcomes, and the viewing hours.
 */
export function ViewingsTab({ companyId, companySlug }: { companyId: string; companySlug: string }) {
  return (
    <>
      <UpcomingViewings companyId={companyId} />
      <ViewingsAgenda companyId={companyId} companySlug={companySlug} />
      <TimesOffered companyId={companyId} />
      <Card>
        <CardHeader>
          <CardTitle>Viewing hours</CardTitle>
          <CardDescription>
            The assistant offers tenants the free times inside these hours, in UK time.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ScheduleEditor companyId={companyId} />
        </CardContent>
      </Card>
      <ConfirmationSettings companyId={companyId} />
    </>
  );
}

/**
 * The next fortnight's viewings as a list, soonest first, with how many are confirmed, awaiting
 * the tenant's confirmation, or released: what the agent checks before setting out.
 */
function UpcomingViewings({ companyId }: { companyId: string }) {
  const today = londonToday();
  const url = viewingsUrl(companyId, isoDay(today), isoDay(addDays(today, 13)));
  const list = useQuery<AgentViewingList>({ queryKey: [url] });
  const now = Date.now();
  const upcoming = (list.data?.viewings ?? []).filter(
    (v) => Date.parse(v.startsAt) > now && (v.status === 'booked' || v.status === 'released'),
  );
  const count = (state: 'confirmed' | 'awaiting' | 'released') =>
    upcoming.filter((v) => viewingState(v) === state).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Upcoming</CardTitle>
        {list.isPending ? (
          <Skeleton className="h-5 w-full max-w-md" />
        ) : (
          <CardDescription>
            {`Next two weeks: ${count('confirmed')} confirmed · ${count('awaiting')} awaiting confirmation · ${count('released')} released`}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <RowsSkeleton what="upcoming viewings" rows={3} />
        ) : list.error ? (
          <p className="text-sm text-destructive">
            {errorMessage(list.error, 'Viewings could not be loaded.')}
          </p>
        ) : upcoming.length === 0 ? (
          <p className="text-sm text-muted-foreground">No upcoming viewings.</p>
        ) : (
          <ul className="divide-y text-sm" aria-label="Upcoming viewings">
            {upcoming.map((viewing) => (
              <li
                key={viewing.id}
                className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-0.5 py-2 sm:grid-cols-[9rem_minmax(0,1fr)_minmax(0,1fr)_auto]"
              >
                <span className="font-medium tabular-nums">{viewing.label}</span>
                <span className="justify-self-end sm:order-last">
                  <StateBadge viewing={viewing} />
                </span>
                <span className="min-w-0 truncate">
                  <TenantWithScore viewing={viewing} />
                  {viewing.source ? (
                    <span className="text-muted-foreground"> · {sourceLabel(viewing.source)}</span>
                  ) : null}
                </span>
                <span
                  className="col-span-2 min-w-0 truncate text-muted-foreground sm:col-span-1"
                  title={viewing.propertyName}
                >
                  {viewing.propertyName}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const RELEASE_CHOICES = [2, 3, 4, 6, 8, 12, 18, 23];

/** The quiet hours' two times, as the line reads: "From … to …". */
const quietHoursEnds = [
  { end: 'from', label: 'From' },
  { end: 'to', label: 'to' },
] as const;

/** Quiet hours and the release of unconfirmed viewings (owners and admins change them). */
function ConfirmationSettings({ companyId }: { companyId: string }) {
  const { can } = useRole();
  const queryClient = useQueryClient();
  const url = `/api/companies/${companyId}/viewing-settings`;
  const settings = useQuery<ViewingMessageSettings>({ queryKey: [url] });
  const [draft, setDraft] = useState<ViewingMessageSettings | null>(null);
  const save = useMutation({
    mutationFn: (input: ViewingMessageSettings) => apiRequest<ViewingMessageSettings>('PATCH', url, input),
    onSuccess: (next) => {
      queryClient.setQueryData([url], next);
      setDraft(null);
      toast({ title: 'Confirmation settings saved' });
    },
    onError: (error) => toastError('Settings not saved', error),
  });
  const value = draft ?? settings.data;
  const id = useId();
  const canEdit = can('settings');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Confirmations and reminders</CardTitle>
        <CardDescription>
          The day before, tenants are asked to confirm on WhatsApp or SMS (else by email), and a confirmed
          tenant gets the address and your number two hours before.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!value ? (
          <RowsSkeleton what="confirmation settings" rows={3} />
        ) : (
          <form
            className="grid gap-4 text-sm"
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate(value);
            }}
          >
            <fieldset className="grid gap-2" disabled={!canEdit}>
              <legend className="mb-1 font-medium">Quiet hours (UK time)</legend>
              <CheckboxField
                checked={value.quietHours !== null}
                onChange={(event) =>
                  setDraft({
                    ...value,
                    quietHours: event.target.checked ? DEFAULT_QUIET_HOURS : null,
                  })
                }
              >
                Send nothing but replies between these times
              </CheckboxField>
              {value.quietHours ? (
                <div className="flex flex-wrap items-center gap-2">
                  {/* Each label stays beside its time, so a phone wraps "to 08:00" as one and no "to" ends a line. */}
                  {quietHoursEnds.map(({ end, label }) => (
                    <span key={end} className="flex items-center gap-2">
                      <label htmlFor={`${id}-${end}`}>{label}</label>
                      <Input
                        id={`${id}-${end}`}
                        type="time"
                        className="w-32"
                        value={value.quietHours![end]}
                        onChange={(event) =>
                          setDraft({
                            ...value,
                            quietHours: { ...value.quietHours!, [end]: event.target.value },
                          })
                        }
                      />
                    </span>
                  ))}
                </div>
              ) : null}
            </fieldset>
            <label className="grid gap-1">
              <span className="font-medium">Release unconfirmed viewings</span>
              <select
                className="h-10 w-full max-w-xs rounded-md border bg-background px-2 sm:h-9"
                disabled={!canEdit}
                value={value.releaseUnconfirmedHours ?? ''}
                onChange={(event) =>
                  setDraft({
                    ...value,
                    releaseUnconfirmedHours: event.target.value ? Number(event.target.value) : null,
                  })
                }
              >
                <option value="">Never (off)</option>
                {RELEASE_CHOICES.map((hours) => (
                  <option key={hours} value={hours}>
                    {hours} hours before, if not confirmed
                  </option>
                ))}
              </select>
              <span className="text-muted-foreground">
                The time is freed for others, and the tenant and you are told.
              </span>
            </label>
            {canEdit ? (
              <div>
                {/* Never disabled: a Save that greys out once saved would drop the focus to the page. */}
                <PendingButton type="submit" isPending={save.isPending}>
                  Save
                </PendingButton>
              </div>
            ) : null}
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * What the chat offers each listing's tenants right now: the first time, or why none, so that a
 * listing offering nothing (no hours, booking off, vacancy far ahead) never looks like a fault.
 */
function TimesOffered({ companyId }: { companyId: string }) {
  const schedule = useViewingSchedule(companyId);
  const properties = useProperties(companyId);
  if (!schedule.data || !properties.data || properties.data.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Times offered in the chat</CardTitle>
        <CardDescription>
          The first time each listing offers tenants now, or why it offers none.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y text-sm" aria-label="Times offered in the chat">
          {properties.data.map((property) => (
            <li key={property.id} className="grid gap-0.5 py-2 sm:grid-cols-[minmax(0,16rem)_1fr] sm:gap-4">
              <span className="truncate font-medium" title={property.propertyName}>
                {property.propertyName}
              </span>
              <ViewingTimesLine
                schedule={schedule.data}
                settings={property.viewingSettings}
                vacancyDate={property.vacancyDate}
              />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function ViewingsAgenda({ companyId, companySlug }: { companyId: string; companySlug: string }) {
  const [view, setView] = useState<'week' | 'day'>('week');
  const [day, setDay] = useState<Date>(() => londonToday());
  const weekStart = startOfWeek(day, { weekStartsOn: 1 });
  const days = view === 'week' ? Array.from({ length: 7 }, (_, i) => addDays(weekStart, i)) : [day];
  const from = isoDay(days[0]!);
  const to = isoDay(days.at(-1)!);
  const url = viewingsUrl(companyId, from, to);
  const list = useQuery<AgentViewingList>({ queryKey: [url] });
  const [moving, setMoving] = useState<AgentViewing | null>(null);
  const step = view === 'week' ? 7 : 1;
  const today = isoDay(londonToday());

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle>Viewings</CardTitle>
          <CardDescription>
            {view === 'week' ? `Week of ${format(days[0]!, 'EEEE d MMMM')}` : format(day, 'EEEE d MMMM yyyy')}
          </CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <fieldset className="flex rounded-md border p-0.5">
            <legend className="sr-only">View</legend>
            {(['day', 'week'] as const).map((option) => (
              <Button
                key={option}
                size="sm"
                className={PHONE_SIZED}
                variant={view === option ? 'secondary' : 'ghost'}
                aria-pressed={view === option}
                onClick={() => setView(option)}
              >
                {option === 'day' ? 'Day' : 'Week'}
              </Button>
            ))}
          </fieldset>
          <Button
            size="icon"
            variant="outline"
            aria-label={view === 'week' ? 'Previous week' : 'Previous day'}
            onClick={() => setDay(addDays(day, -step))}
          >
            <ChevronLeftIcon />
          </Button>
          <Button variant="outline" size="sm" className={PHONE_SIZED} onClick={() => setDay(londonToday())}>
            Today
          </Button>
          <Button
            size="icon"
            variant="outline"
            aria-label={view === 'week' ? 'Next week' : 'Next day'}
            onClick={() => setDay(addDays(day, step))}
          >
            <ChevronRightIcon />
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <RowsSkeleton what="viewings" rows={2} className="h-24" />
        ) : list.error ? (
          <p className="text-sm text-destructive">
            {errorMessage(list.error, 'Viewings could not be loaded.')}
          </p>
        ) : (
          <section
            aria-label="Viewings by day"
            className={cn('grid gap-3', view === 'week' && 'lg:grid-cols-7')}
          >
            {days.map((date) => {
              const key = isoDay(date);
              const items = (list.data?.viewings ?? []).filter((v) => v.startsAt.slice(0, 10) === key);
              return (
                <section
                  key={key}
                  aria-label={format(date, 'EEEE d MMMM')}
                  className={cn(
                    'min-w-0 rounded-md border bg-background p-2',
                    key === today && 'border-primary',
                  )}
                >
                  <h3 className="mb-2 text-sm font-semibold">
                    {format(date, 'EEE d MMM')}
                    {key === today ? (
                      <span className="ml-2 text-xs font-normal text-primary">Today</span>
                    ) : null}
                  </h3>
                  {items.length === 0 ? (
                    <p className="text-xs text-muted-foreground">No viewings</p>
                  ) : (
                    <ul className="grid gap-2">
                      {items.map((viewing) => (
                        <ViewingItem
                          key={viewing.id}
                          viewing={viewing}
                          listUrl={url}
                          onMove={() => setMoving(viewing)}
                        />
                      ))}
                    </ul>
                  )}
                </section>
              );
            })}
          </section>
        )}
      </CardContent>
      <MoveDialog viewing={moving} companySlug={companySlug} listUrl={url} onClose={() => setMoving(null)} />
    </Card>
  );
}

function useUpdateViewing(listUrl: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateViewing }) =>
      apiRequest<AgentViewing>('PATCH', `/api/viewings/${id}`, input),
    onSuccess: (updated) => {
      queryClient.setQueryData<AgentViewingList>([listUrl], (old) =>
        old ? { viewings: old.viewings.map((v) => (v.id === updated.id ? updated : v)) } : old,
      );
      void queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).includes('/viewings'),
      });
    },
    onError: (error) => toastError('Viewing not updated', error),
  });
}

/** A viewing's small outlined button, 40 px on a phone. */
function ViewingAction({
  variant = 'outline',
  isPending = false,
  ...props
}: Omit<PendingButtonProps, 'isPending'> & { isPending?: boolean }) {
  return (
    <PendingButton size="sm" className={PHONE_SIZED} variant={variant} isPending={isPending} {...props} />
  );
}

function ViewingItem({
  viewing,
  listUrl,
  onMove,
}: {
  viewing: AgentViewing;
  listUrl: string;
  onMove: () => void;
}) {
  const update = useUpdateViewing(listUrl);
  const time = viewing.startsAt.slice(11, 16);
  const isLive = viewing.status === 'booked';
  const hasStarted = Date.parse(viewing.startsAt) <= Date.now();
  const pending = update.isPending ? update.variables.input.status : null;
  const mark = (status: UpdateViewing['status']) => {
    if (!update.isPending) update.mutate({ id: viewing.id, input: { status } });
  };
  // Marking it attended, a no-show or cancelled takes its buttons away: the focus goes to the card.
  const cardRef = useKeepFocus<HTMLLIElement>(viewing.status);
  return (
    <li
      ref={cardRef}
      tabIndex={-1}
      className={cn(
        'space-y-1 rounded-md border p-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring',
        !isLive && 'bg-muted/40',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold tabular-nums">{time}</span>
        <StateBadge viewing={viewing} />
      </div>
      <p className="font-medium">
        <TenantWithScore viewing={viewing} />
      </p>
      <p className="truncate text-muted-foreground" title={viewing.propertyName}>
        {viewing.propertyName}
      </p>
      {viewing.tenantPhone ? (
        <a
          className="inline-flex min-h-10 items-center gap-1 text-primary hover:underline sm:min-h-0"
          href={`tel:${viewing.tenantPhone}`}
        >
          <PhoneIcon className="size-3" aria-hidden />
          {formatUkPhone(viewing.tenantPhone)}
        </a>
      ) : null}
      {isLive ? (
        <div className="flex flex-wrap gap-1 pt-1">
          {hasStarted ? (
            <>
              <ViewingAction isPending={pending === 'attended'} onClick={() => mark('attended')}>
                Attended
              </ViewingAction>
              <ViewingAction isPending={pending === 'no_show'} onClick={() => mark('no_show')}>
                No-show
              </ViewingAction>
            </>
          ) : (
            <ViewingAction disabled={!viewing.propertySlug} onClick={onMove}>
              Reschedule
            </ViewingAction>
          )}
          <ViewingAction
            variant="ghost"
            isPending={pending === 'cancelled'}
            onClick={() => mark('cancelled')}
          >
            Cancel
          </ViewingAction>
        </div>
      ) : null}
    </li>
  );
}

function MoveDialog({
  viewing,
  companySlug,
  listUrl,
  onClose,
}: {
  viewing: AgentViewing | null;
  companySlug: string;
  listUrl: string;
  onClose: () => void;
}) {
  const timesUrl = viewing?.propertySlug
    ? `/api/chat/${companySlug}/slots?propertySlug=${encodeURIComponent(viewing.propertySlug)}`
    : '';
  const times = useQuery<ViewingTimesResponse>({
    queryKey: [timesUrl],
    enabled: Boolean(timesUrl),
    staleTime: 0,
  });
  const update = useUpdateViewing(listUrl);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <DialogShell
      open={viewing !== null}
      onClose={onClose}
      title="Reschedule viewing"
      description={`${viewing ? `${viewing.tenantName ?? 'Tenant'} · ${viewing.propertyName} · now ${viewing.label}` : ''}. The tenant gets an updated invitation.`}
    >
      <fieldset className="grid max-h-72 gap-2 overflow-y-auto">
        <legend className="sr-only">Free times</legend>
        {times.isPending ? (
          <RowsSkeleton what="free times" rows={3} />
        ) : (times.data?.slots ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground">No free times.</p>
        ) : null}
        {(times.data?.slots ?? []).map((time) => (
          <label key={time.startsAt} className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm">
            <input
              type="radio"
              name="move-time"
              checked={chosen === time.startsAt}
              onChange={() => setChosen(time.startsAt)}
            />
            {time.label}
          </label>
        ))}
      </fieldset>
      <DialogFooter>
        <Button variant="ghost" onClick={onClose}>
          Keep the time
        </Button>
        <PendingButton
          disabled={!chosen}
          isPending={update.isPending}
          onClick={() =>
            viewing &&
            chosen &&
            update.mutate(
              { id: viewing.id, input: { status: 'booked', startsAt: chosen } },
              {
                onSuccess: () => {
                  setChosen(null);
                  onClose();
                  toast({ title: 'Viewing moved' });
                },
              },
            )
          }
        >
          Move viewing
        </PendingButton>
      </DialogFooter>
    </DialogShell>
  );
}
