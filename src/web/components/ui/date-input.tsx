import { CalendarIcon } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { autoSlash, formatUkDate, isInvalidUkDate, parseUkDate, UK_DATE_MAX_LENGTH } from '#shared/dates.ts';
import { cn } from '#web/lib/utils.ts';
import { Button } from './button.tsx';
import { inputClassName } from './input.tsx';
import { Popover, PopoverContent, PopoverTrigger } from './popover.tsx';
import { Spinner } from './spinner.tsx';

// react-day-picker is most of this component's weight: fetch it only when the calendar is opened,
// so a page with a date input (the public chat, say) does not pay for it up front.
const Calendar = lazy(() => import('./calendar.tsx').then((module) => ({ default: module.Calendar })));

export type DateInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** The text as typed, dd/mm/yyyy when complete. */
  value: string;
  onChange: (text: string) => void;
  /** Accessible name of the calendar button. */
  calendarLabel?: string;
};

// The calendar works in local days and the shared rules in UTC days: carry the day across unchanged.
function utcToLocalDay(date: Date) {
  return new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

function localToUtcDay(date: Date) {
  return new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
}

/**
 * The spec's date input: dd/mm/yyyy with slashes put in while typing, at most 10 characters, red
 * when it is not a real date, and a calendar to pick from.
 */
export function DateInput({
  value,
  onChange,
  className,
  disabled,
  calendarLabel = 'Choose date',
  placeholder = 'dd/mm/yyyy',
  'aria-invalid': ariaInvalid,
  ...props
}: DateInputProps) {
  const [isCalendarOpen, setIsCalendarOpen] = useState(false);
  const isInvalid = isInvalidUkDate(value);
  const parsed = parseUkDate(value);
  const selected = parsed ? utcToLocalDay(parsed) : undefined;

  return (
    <div className={cn('relative', className)}>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={UK_DATE_MAX_LENGTH}
        placeholder={placeholder}
        disabled={disabled}
        value={value}
        onChange={(event) => onChange(autoSlash(value, event.target.value))}
        aria-invalid={isInvalid || ariaInvalid === true || ariaInvalid === 'true' ? true : undefined}
        className={cn(inputClassName, 'pr-11', isInvalid && 'text-destructive')}
        {...props}
      />
      <Popover open={isCalendarOpen} onOpenChange={setIsCalendarOpen}>
        <PopoverTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            disabled={disabled}
            aria-label={calendarLabel}
            className="absolute top-1/2 right-1 size-8 -translate-y-1/2 text-muted-foreground"
          >
            <CalendarIcon aria-hidden="true" />
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-auto p-0" align="end">
          <Suspense
            fallback={
              <div className="flex size-72 items-center justify-center">
                <Spinner label="Loading calendar" />
              </div>
            }
          >
            <Calendar
              mode="single"
              selected={selected}
              defaultMonth={selected}
              autoFocus
              onSelect={(date) => {
                if (date) onChange(formatUkDate(localToUtcDay(date)));
                setIsCalendarOpen(false);
              }}
            />
          </Suspense>
        </PopoverContent>
      </Popover>
    </div>
  );
}
