import type { ViewingSchedule, ViewingSettings } from '#shared/schemas/viewings.ts';
import { type ViewingTimesNote, viewingTimesNote } from '#shared/viewing-times.ts';
import { cn } from '#web/lib/utils.ts';

type NoteInput = {
  schedule: ViewingSchedule;
  settings: ViewingSettings | null | undefined;
  vacancyDate: string | null | undefined;
};

/** What the chat offers a listing's tenants now: its first time, or why it offers none. */
export function noteFor({ schedule, settings, vacancyDate }: NoteInput): ViewingTimesNote {
  return viewingTimesNote({ schedule, overrides: settings ?? null, vacancyDate, now: new Date() });
}

export function describeNote(note: ViewingTimesNote): string {
  if (note.kind === 'none') return note.reason;
  return `Tenants are offered times from ${note.firstTime.label}${
    note.opensForVacancy ? ' (viewings open 28 days before the vacancy date)' : ''
  }.`;
}

/** One line under a listing's viewing rules: the first time offered, or why there is none. */
export function ViewingTimesLine({ className, ...input }: NoteInput & { className?: string }) {
  const note = noteFor(input);
  return (
    <p
      className={cn('text-sm', note.kind === 'none' ? 'text-amber-800' : 'text-muted-foreground', className)}
      data-testid="viewing-times-note"
    >
      {describeNote(note)}
    </p>
  );
}
