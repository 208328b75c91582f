import { XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { parseUkDate } from '#shared/dates.ts';
import { formatDate } from '#shared/format.ts';
import {
  SUGGESTED_WINDOWS,
  type ViewingSettings,
  type ViewingSettingsInput,
  type ViewingWindow,
} from '#shared/schemas/viewings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { DateInput } from '#web/components/ui/date-input.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { NumberInput } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { ViewingTimesLine } from '#web/components/viewings/viewing-times-note.tsx';
import {
  describeWindows,
  useViewingSchedule,
  WeeklyWindows,
} from '#web/components/viewings/weekly-windows.tsx';

/** A property that follows the company's schedule in everything. */
export const NO_VIEWING_OVERRIDES: ViewingSettings = {
  bookingOff: false,
  windows: null,
  partiesPerSlot: null,
  blockedDates: [],
};

/** The form's copy of a property's settings: every key present, so the section can show them. */
export function toViewingFormValues(settings: ViewingSettingsInput | null | undefined): ViewingSettings {
  return { ...NO_VIEWING_OVERRIDES, ...settings } as ViewingSettings;
}

/** Whether the property's viewings differ from the company's schedule in any way. */
export function hasViewingOverrides(settings: ViewingSettingsInput | null | undefined): boolean {
  const values = toViewingFormValues(settings);
  return (
    values.bookingOff ||
    values.windows !== null ||
    values.partiesPerSlot !== null ||
    values.blockedDates.length > 0
  );
}

/** "25 Dec 2026" for a stored yyyy-mm-dd (midday, so the London day is the same day). */
const blockedDateLabel = (isoDate: string) => formatDate(`${isoDate}T12:00:00Z`);

type Errors = FieldErrors<{ viewingSettings: ViewingSettings }>['viewingSettings'];

type PropertyViewingsFieldsProps = {
  companyId: string;
  value: ViewingSettings;
  onChange: (value: ViewingSettings) => void;
  errors: Errors;
  /** dd/mm/yyyy as typed: viewings open 28 days before it. */
  vacancyDate?: string | null;
};

/**
 * A property's own viewing rules, in the words of the Viewings tab: whether the assistant books
 * viewings for it, its hours (the company's or its own), parties per viewing and dates with none.
 */
export function PropertyViewingsFields({
  companyId,
  value,
  onChange,
  errors,
  vacancyDate,
}: PropertyViewingsFieldsProps) {
  const id = useId();
  const schedule = useViewingSchedule(companyId);
  const [dateText, setDateText] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const companyWindows = schedule.data?.windows ?? [];
  const update = (patch: Partial<ViewingSettings>) => onChange({ ...value, ...patch });
  const windowErrors = errors?.windows as
    | Array<{ start?: { message?: string }; end?: { message?: string } } | undefined>
    | undefined;

  const addBlockedDate = () => {
    const date = parseUkDate(dateText);
    if (!date) {
      setDateError('Enter a real date (dd/mm/yyyy)');
      return;
    }
    const isoDate = date.toISOString().slice(0, 10);
    if (!value.blockedDates.includes(isoDate))
      update({ blockedDates: [...value.blockedDates, isoDate].sort() });
    setDateText('');
    setDateError(null);
  };

  return (
    <div className="grid gap-4">
      {schedule.data ? (
        <ViewingTimesLine
          schedule={schedule.data}
          settings={value}
          vacancyDate={vacancyDate}
          className="rounded-md border bg-muted/40 px-3 py-2"
        />
      ) : null}
      <div className="flex items-start gap-3 text-sm">
        <input
          id={`${id}-booking`}
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          aria-describedby={`${id}-booking-hint`}
          checked={!value.bookingOff}
          onChange={(event) => update({ bookingOff: !event.target.checked })}
        />
        <div className="grid gap-1">
          <Label htmlFor={`${id}-booking`}>Tenants can book a viewing in the chat</Label>
          <p id={`${id}-booking-hint`} className="text-muted-foreground">
            Off: the assistant asks when they are free instead, and you arrange the viewing.
          </p>
        </div>
      </div>
      {value.bookingOff ? null : (
        <>
          <fieldset className="grid min-w-0 gap-2">
            <legend className="mb-1 text-sm font-medium">Viewing hours</legend>
            <div className="flex items-start gap-3 text-sm">
              <input
                id={`${id}-agency-hours`}
                type="radio"
                name={`${id}-hours`}
                className="mt-0.5 size-4 accent-primary"
                aria-describedby={`${id}-agency-hours-list`}
                checked={value.windows === null}
                onChange={() => update({ windows: null })}
              />
              <div className="grid gap-1">
                <Label htmlFor={`${id}-agency-hours`} className="font-normal">
                  The agency's viewing hours
                </Label>
                <p id={`${id}-agency-hours-list`} className="text-muted-foreground">
                  {schedule.isPending
                    ? 'Loading…'
                    : companyWindows.length > 0
                      ? describeWindows(companyWindows)
                      : 'None set yet: set them on the Viewings tab'}
                </p>
              </div>
            </div>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="radio"
                name={`${id}-hours`}
                className="mt-0.5 size-4 accent-primary"
                checked={value.windows !== null}
                onChange={() =>
                  update({
                    windows: (companyWindows.length > 0 ? companyWindows : SUGGESTED_WINDOWS).map(
                      (window): ViewingWindow => ({ ...window }),
                    ),
                  })
                }
              />
              Different hours for this property
            </label>
            {value.windows ? (
              <WeeklyWindows
                windows={value.windows}
                onChange={(windows) => update({ windows })}
                errorAt={(index) =>
                  windowErrors?.[index]?.end?.message ?? windowErrors?.[index]?.start?.message
                }
              />
            ) : null}
          </fieldset>
          <FormField
            label="Parties per viewing"
            error={errors?.partiesPerSlot?.message}
            description={`Leave empty for the agency's ${schedule.data?.partiesPerSlot ?? 1}. More than 1 is a group viewing.`}
          >
            <NumberInput
              className="w-32"
              min={1}
              max={50}
              value={value.partiesPerSlot}
              onValueChange={(partiesPerSlot) => update({ partiesPerSlot })}
            />
          </FormField>
          <div className="grid gap-2">
            <FormField
              label="Dates with no viewings"
              error={dateError ?? errors?.blockedDates?.message}
              description="Bank holidays, or days the property cannot be shown."
            >
              {(controlProps) => (
                <div className="flex flex-wrap items-start gap-2">
                  <DateInput
                    {...controlProps}
                    className="w-44"
                    value={dateText}
                    onChange={setDateText}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') {
                        event.preventDefault();
                        addBlockedDate();
                      }
                    }}
                    calendarLabel="Choose a date with no viewings"
                  />
                  <Button type="button" variant="outline" onClick={addBlockedDate}>
                    Add date
                  </Button>
                </div>
              )}
            </FormField>
            {value.blockedDates.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-label="Dates with no viewings">
                {value.blockedDates.map((isoDate) => (
                  <li
                    key={isoDate}
                    className="flex items-center gap-1 rounded-md border py-0.5 pr-0.5 pl-2 text-sm"
                  >
                    {blockedDateLabel(isoDate)}
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      aria-label={`Remove ${blockedDateLabel(isoDate)}`}
                      onClick={() =>
                        update({ blockedDates: value.blockedDates.filter((date) => date !== isoDate) })
                      }
                    >
                      <XIcon />
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
