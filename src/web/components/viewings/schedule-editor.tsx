import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  SUGGESTED_WINDOWS,
  type ViewingSchedule,
  type ViewingWindow,
  viewingScheduleSchema,
  WEEKDAYS,
} from '#shared/schemas/viewings.ts';
import { Button, PendingButton } from '#web/components/ui/button.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { RowsSkeleton } from '#web/components/ui/skeleton.tsx';
import { apiRequest } from '#web/lib/api.ts';
import { toast, toastError } from '#web/lib/toast.ts';
import { useRole } from '#web/lib/use-role.ts';
import { scheduleUrl, useViewingSchedule, WeeklyWindows } from './weekly-windows.tsx';

type Errors = Record<string, string>;

/** The zod issues keyed by their path ("windows.2.end", "slotMinutes"), first message each. */
function errorsOf(schedule: ViewingSchedule): Errors {
  const result = viewingScheduleSchema.safeParse(schedule);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const numberFields = [
  { key: 'slotMinutes', label: 'Viewing length', unit: 'minutes' },
  { key: 'bufferMinutes', label: 'Gap between viewings', unit: 'minutes' },
  { key: 'minNoticeHours', label: 'Minimum notice', unit: 'hours' },
  { key: 'horizonDays', label: 'Book up to', unit: 'days ahead' },
  { key: 'partiesPerSlot', label: 'Parties per viewing', unit: 'at once' },
] as const;

/**
 * The company's viewing hours as a negotiator reads them: one row a day with its time windows,
 * and the few numbers that shape the times. The assistant offers times only inside these windows.
 */
export function ScheduleEditor({ companyId }: { companyId: string }) {
  const { can } = useRole();
  const saved = useViewingSchedule(companyId);
  if (!can('settings')) {
    if (!saved.data) return <RowsSkeleton what="viewing hours" rows={3} />;
    return <ScheduleSummary schedule={saved.data} />;
  }
  return <ScheduleForm companyId={companyId} />;
}

/** The hours as a negotiator sees them: read only, since only an owner or admin may change them. */
function ScheduleSummary({ schedule }: { schedule: ViewingSchedule }) {
  return (
    <div className="space-y-4 text-sm">
      <p className="text-muted-foreground">
        Only an owner or admin of the agency can change the viewing hours.
      </p>
      <dl className="divide-y rounded-md border" aria-label="Viewing hours">
        {WEEKDAYS.map((dayName, index) => {
          const windows = schedule.windows
            .filter((window) => window.day === index + 1)
            .sort((a, b) => a.start.localeCompare(b.start));
          return (
            <div key={dayName} className="flex gap-3 px-3 py-2">
              <dt className="w-24 font-medium">{dayName}</dt>
              <dd className={windows.length === 0 ? 'text-muted-foreground' : 'tabular-nums'}>
                {windows.length === 0 ? 'Closed' : windows.map((w) => `${w.start}–${w.end}`).join(', ')}
              </dd>
            </div>
          );
        })}
      </dl>
      <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {numberFields.map(({ key, label, unit }) => (
          <div key={key}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium">
              {schedule[key]} {unit}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-muted-foreground">
        {schedule.openOnBankHolidays
          ? 'Open on bank holidays.'
          : 'Closed on England and Wales bank holidays, and on 25 and 26 December.'}
      </p>
    </div>
  );
}

function ScheduleForm({ companyId }: { companyId: string }) {
  const queryClient = useQueryClient();
  const url = scheduleUrl(companyId);
  const saved = useViewingSchedule(companyId);
  const [draft, setDraft] = useState<ViewingSchedule | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  useEffect(() => {
    if (saved.data && !draft) setDraft(saved.data);
  }, [saved.data, draft]);
  const save = useMutation({
    mutationFn: (schedule: ViewingSchedule) => apiRequest<ViewingSchedule>('PUT', url, schedule),
    onSuccess: (schedule) => {
      queryClient.setQueryData([url], schedule);
      setDraft(schedule);
      setShowErrors(false);
      toast({ title: 'Viewing hours saved' });
    },
    onError: (error) => toastError('Viewing hours not saved', error),
  });

  if (!draft) return <RowsSkeleton what="viewing hours" rows={3} />;
  const errors = showErrors ? errorsOf(draft) : {};
  const setWindows = (windows: ViewingWindow[]) => setDraft({ ...draft, windows });

  return (
    <form
      className="space-y-5"
      aria-label="Viewing hours"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setShowErrors(true);
        if (Object.keys(errorsOf(draft)).length === 0) save.mutate(draft);
      }}
    >
      {draft.windows.length === 0 ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-dashed p-3 text-sm">
          <span>No viewing hours yet: the assistant asks tenants when they are free instead of booking.</span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="h-auto min-h-10 max-w-full sm:min-h-8 shrink whitespace-normal text-left"
            onClick={() => setWindows(SUGGESTED_WINDOWS)}
          >
            Use weekday evenings and Saturday morning
          </Button>
        </div>
      ) : null}
      <WeeklyWindows
        windows={draft.windows}
        onChange={setWindows}
        errorAt={(index) => errors[`windows.${index}.end`] ?? errors[`windows.${index}.start`]}
      />
      <div className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {numberFields.map(({ key, label, unit }) => (
          <div key={key} className="space-y-1">
            <Label htmlFor={`schedule-${key}`}>{label}</Label>
            <div className="flex items-center gap-2">
              <Input
                id={`schedule-${key}`}
                type="number"
                inputMode="numeric"
                className="w-24"
                value={Number.isNaN(draft[key]) ? '' : draft[key]}
                aria-invalid={Boolean(errors[key])}
                aria-describedby={errors[key] ? `schedule-${key}-error` : undefined}
                onChange={(event) => setDraft({ ...draft, [key]: event.target.valueAsNumber })}
              />
              <span className="text-sm text-muted-foreground">{unit}</span>
            </div>
            {errors[key] ? (
              <p id={`schedule-${key}-error`} className="text-sm text-destructive">
                {errors[key]}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      <CheckboxField
        checked={!draft.openOnBankHolidays}
        onChange={(event) => setDraft({ ...draft, openOnBankHolidays: !event.target.checked })}
      >
        Closed on England and Wales bank holidays, and on 25 and 26 December
      </CheckboxField>
      <PendingButton type="submit" isPending={save.isPending}>
        Save viewing hours
      </PendingButton>
    </form>
  );
}
