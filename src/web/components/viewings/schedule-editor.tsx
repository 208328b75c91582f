import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  SUGGESTED_WINDOWS,
  type ViewingSchedule,
  type ViewingWindow,
  viewingScheduleSchema,
} from '#shared/schemas/viewings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { apiRequest, errorMessage } from '#web/lib/api.ts';
import { toast } from '#web/lib/toast.ts';
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
 * and the few numbers that shape the slots. The assistant offers slots only inside these windows.
 */
export function ScheduleEditor({ companyId }: { companyId: string }) {
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
    onError: (error) =>
      toast({
        title: 'Viewing hours not saved',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      }),
  });

  if (!draft) return <p className="text-sm text-muted-foreground">Loading viewing hours…</p>;
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
          <Button type="button" variant="outline" size="sm" onClick={() => setWindows(SUGGESTED_WINDOWS)}>
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
      <Button type="submit" disabled={save.isPending}>
        Save viewing hours
      </Button>
    </form>
  );
}
