import { useQuery } from '@tanstack/react-query';
import { PlusIcon, XIcon } from 'lucide-react';
import { type ViewingSchedule, type ViewingWindow, WEEKDAYS } from '#shared/schemas/viewings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/utils.ts';

export const scheduleUrl = (companyId: string) => `/api/companies/${companyId}/viewing-schedule`;

/** The company's viewing schedule, as the Viewings tab saved it. */
export function useViewingSchedule(companyId: string) {
  return useQuery<ViewingSchedule>({ queryKey: [scheduleUrl(companyId)] });
}

/** "Mon 17:00–19:00, Sat 10:00–13:00": the windows in a line, by day. */
export function describeWindows(windows: readonly ViewingWindow[]): string {
  return [...windows]
    .sort((a, b) => a.day - b.day || a.start.localeCompare(b.start))
    .map((window) => `${WEEKDAYS[window.day - 1]!.slice(0, 3)} ${window.start}–${window.end}`)
    .join(', ');
}

type WeeklyWindowsProps = {
  windows: ViewingWindow[];
  onChange: (windows: ViewingWindow[]) => void;
  /** The message for the window at this index, if any. */
  errorAt: (index: number) => string | undefined;
};

/**
 * A week of viewing hours as a negotiator reads them: one row a day with its time windows, each
 * added, changed or removed in place. The company's schedule and a property's own hours use it.
 */
export function WeeklyWindows({ windows, onChange, errorAt }: WeeklyWindowsProps) {
  const indexed = windows.map((window, index) => ({ window, index }));
  return (
    <div className="divide-y rounded-md border">
      {WEEKDAYS.map((dayName, dayIndex) => {
        const day = dayIndex + 1;
        const rows = indexed.filter(({ window }) => window.day === day);
        return (
          <div key={dayName} className="flex flex-wrap items-start gap-3 px-3 py-2">
            <span className="w-24 pt-2 text-sm font-medium">{dayName}</span>
            {/* On a phone a day's hours take their own line under its name. */}
            <div
              className={cn('flex min-w-0 flex-1 flex-col gap-2', rows.length > 0 && 'basis-full sm:basis-0')}
            >
              {rows.length === 0 ? <span className="pt-2 text-sm text-muted-foreground">Closed</span> : null}
              {rows.map(({ window, index }) => {
                const error = errorAt(index);
                const update = (patch: Partial<ViewingWindow>) =>
                  onChange(windows.map((w, i) => (i === index ? { ...w, ...patch } : w)));
                return (
                  <div key={index} className="space-y-1">
                    <div className="flex min-w-0 items-center gap-2">
                      <TimeInput
                        label={`${dayName} from`}
                        value={window.start}
                        isInvalid={Boolean(error)}
                        onChange={(start) => update({ start })}
                      />
                      <span aria-hidden>to</span>
                      <TimeInput
                        label={`${dayName} to`}
                        value={window.end}
                        isInvalid={Boolean(error)}
                        onChange={(end) => update({ end })}
                      />
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove ${dayName} ${window.start}–${window.end}`}
                        onClick={() => onChange(windows.filter((_, i) => i !== index))}
                      >
                        <XIcon />
                      </Button>
                    </div>
                    {error ? (
                      <p className="text-sm text-destructive" role="alert">
                        {error}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="h-10 sm:h-9"
              aria-label={`Add hours on ${dayName}`}
              onClick={() => {
                const last = rows.at(-1)?.window;
                onChange([
                  ...windows,
                  last
                    ? { day, start: last.end, end: last.end < '21:00' ? '21:00' : '23:00' }
                    : { day, start: '10:00', end: '12:00' },
                ]);
              }}
            >
              <PlusIcon /> Add hours
            </Button>
          </div>
        );
      })}
    </div>
  );
}

function TimeInput({
  label,
  value,
  isInvalid,
  onChange,
}: {
  label: string;
  value: string;
  isInvalid: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Input
      type="time"
      aria-label={label}
      className="w-0 min-w-0 flex-1 px-2 sm:w-32 sm:flex-none sm:px-3"
      value={value}
      aria-invalid={isInvalid}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
