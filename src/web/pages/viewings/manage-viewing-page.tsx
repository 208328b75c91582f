import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  CalendarCheck,
  CalendarPlus,
  CalendarX,
  CircleCheck,
  Clock,
  Mail,
  MapPin,
  Phone,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import type { ManagedViewing, ViewingTimeDto } from '#shared/schemas/viewings.ts';
import { Button, PendingButton } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { apiRequest, errorMessage } from '#web/lib/api.ts';
import { useKeepFocus } from '#web/lib/use-keep-focus.ts';
import { useNoIndex, usePageTitle } from '#web/lib/use-page-title.ts';
import { cn } from '#web/lib/utils.ts';

/**
 * /viewings/{token}: the tenant's own page for the viewing the assistant booked, from the link in
 * their emails. No account: the unguessable token is the key. Built for a phone first.
 */
export default function ManageViewingPage() {
  usePageTitle('Your viewing');
  useNoIndex();
  const { token = '' } = useParams<{ token: string }>();
  const url = `/api/viewings/manage/${encodeURIComponent(token)}`;
  const viewing = useQuery<ManagedViewing>({ queryKey: [url] });

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-5 bg-background px-4 py-8 text-foreground">
      <p className="text-sm font-semibold tracking-wide text-primary">LetLead</p>
      {viewing.isPending ? (
        <div className="flex items-center gap-2 text-muted-foreground" role="status">
          <Spinner /> Loading your viewing…
        </div>
      ) : viewing.data ? (
        <ViewingDetails viewing={viewing.data} url={url} />
      ) : (
        <section className="space-y-4">
          <h1 className="text-2xl font-semibold">Viewing not found</h1>
          <p className="text-muted-foreground">
            {errorMessage(
              viewing.error,
              'This viewing link is not valid. Please check the link in your email.',
            )}
          </p>
          {/* The link names no viewing, so no agency is known: the next step is the agency's own
              email, or LetLead's home page. */}
          <p className="text-muted-foreground">
            The letting agent's newest email about your viewing has the right link. If you cannot find it,
            contact the letting agent.
          </p>
          <Button size="lg" variant="outline" className="w-full" asChild>
            <a href="/">
              <ArrowLeft aria-hidden /> Go to the home page
            </a>
          </Button>
        </section>
      )}
    </main>
  );
}

function ViewingDetails({ viewing, url }: { viewing: ManagedViewing; url: string }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'view' | 'move' | 'cancel'>('view');
  const [chosen, setChosen] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // Confirming, moving and cancelling each replace the button pressed: the focus goes to what happened.
  const doneRef = useKeepFocus<HTMLParagraphElement>(done);

  const apply = (next: ManagedViewing, message: string) => {
    queryClient.setQueryData([url], next);
    setMode('view');
    setChosen(null);
    setProblem(null);
    setDone(message);
  };
  const reschedule = useMutation({
    mutationFn: (startsAt: string) => apiRequest<ManagedViewing>('POST', `${url}/reschedule`, { startsAt }),
    onSuccess: (next) => apply(next, `Moved to ${next.longLabel}. We have emailed you the new invitation.`),
    onError: (error) => {
      setProblem(errorMessage(error, 'Sorry, the viewing could not be moved. Please try again.'));
      void queryClient.invalidateQueries({ queryKey: [url] });
    },
  });
  const cancel = useMutation({
    mutationFn: () => apiRequest<ManagedViewing>('POST', `${url}/cancel`),
    onSuccess: (next) => apply(next, 'Your viewing is cancelled. We have let the agent know.'),
    onError: (error) =>
      setProblem(errorMessage(error, 'Sorry, the viewing could not be cancelled. Please try again.')),
  });

  const confirm = useMutation({
    mutationFn: () => apiRequest<ManagedViewing>('POST', `${url}/confirm`),
    onSuccess: (next) => apply(next, `Thank you: you're confirmed for ${next.longLabel}. See you then!`),
    onError: (error) =>
      setProblem(errorMessage(error, 'Sorry, the viewing could not be confirmed. Please try again.')),
  });

  const isLive = viewing.status === 'booked' && !viewing.isPast;
  const isOff = viewing.status === 'cancelled' || viewing.status === 'released';
  // The email's "Confirm I'm coming" button opens this page with ?confirm=1: it confirms here, in
  // the browser, so a mail scanner that only fetches the link confirms nothing.
  const confirmedFromLink = useRef(false);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('confirm') !== '1' || confirmedFromLink.current) return;
    confirmedFromLink.current = true;
    window.history.replaceState(null, '', window.location.pathname);
    if (isLive && !viewing.confirmedAt) confirm.mutate();
  }, [isLive, viewing.confirmedAt, confirm]);

  const heading =
    viewing.status === 'cancelled'
      ? 'Viewing cancelled'
      : viewing.status === 'released'
        ? 'Viewing released'
        : viewing.isPast || viewing.status !== 'booked'
          ? 'This viewing has taken place'
          : viewing.confirmedAt
            ? 'Your viewing is confirmed'
            : 'Your viewing is booked';

  return (
    <>
      <section className="space-y-1">
        <h1 className="text-2xl font-semibold">{heading}</h1>
        {viewing.tenantName ? <p className="text-muted-foreground">For {viewing.tenantName}</p> : null}
        {viewing.status === 'released' ? (
          <p className="text-muted-foreground">
            It was not confirmed in time, so the time was released for others to book.
          </p>
        ) : null}
      </section>

      <section
        className={cn('space-y-3 rounded-lg border p-4', isOff ? 'border-dashed bg-muted/40' : 'bg-card')}
        aria-label="Viewing details"
      >
        <p className="flex items-start gap-3 text-lg font-medium">
          <Clock className="mt-1 size-5 shrink-0 text-primary" aria-hidden />
          <span className={cn(isOff && 'line-through')}>
            {viewing.longLabel}
            <span className="block text-sm font-normal text-muted-foreground">
              Until {viewing.endsAt.slice(11, 16)} · {viewing.minutes} minutes
            </span>
          </span>
        </p>
        <p className="flex items-start gap-3">
          <MapPin className="mt-1 size-5 shrink-0 text-primary" aria-hidden />
          <span>
            <span className="block font-medium">{viewing.property.name}</span>
            <a
              className="text-primary underline-offset-2 hover:underline"
              href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(viewing.property.address)}`}
              target="_blank"
              rel="noreferrer"
            >
              {viewing.property.address}
              <span className="sr-only"> (open in maps)</span>
            </a>
          </span>
        </p>
        <div className="space-y-1 text-sm">
          <p className="text-muted-foreground">With {viewing.company.name}</p>
          {/* Each 40 px tall: a tenant on the way to the viewing taps them with a thumb. */}
          <p className="flex flex-wrap gap-x-4">
            {viewing.company.phone ? (
              <a
                className="inline-flex min-h-10 items-center gap-1.5 whitespace-nowrap text-primary hover:underline"
                href={`tel:${viewing.company.phone.replace(/[^\d+]/g, '')}`}
              >
                <Phone className="size-4" aria-hidden />
                {viewing.company.phone}
              </a>
            ) : null}
            {viewing.company.email ? (
              <a
                className="inline-flex min-h-10 min-w-0 items-center gap-1.5 break-all text-primary hover:underline"
                href={`mailto:${viewing.company.email}`}
              >
                <Mail className="size-4 shrink-0" aria-hidden />
                {viewing.company.email}
              </a>
            ) : null}
          </p>
        </div>
        {isLive ? <AddToCalendar viewing={viewing} icsUrl={`${url}/calendar.ics`} /> : null}
      </section>

      {done ? (
        <p
          ref={doneRef}
          tabIndex={-1}
          role="status"
          className="rounded-md bg-primary/10 p-3 text-sm outline-none"
        >
          {done}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          {problem}
        </p>
      ) : null}

      {!isLive ? (
        isOff && viewing.rebookUrl ? (
          <div className="flex flex-col gap-2">
            <Button size="lg" asChild>
              <a href={viewing.rebookUrl}>
                <CalendarCheck aria-hidden /> Book another viewing
              </a>
            </Button>
            <p className="text-sm text-muted-foreground">
              The assistant for {viewing.property.name} offers the times that are free now.
            </p>
          </div>
        ) : (
          <p className="text-muted-foreground">
            {isOff
              ? `To book another time, contact ${viewing.company.name}.`
              : `Questions about the property? Contact ${viewing.company.name}.`}
          </p>
        )
      ) : mode === 'view' ? (
        <div className="flex flex-col gap-3">
          {viewing.confirmedAt ? (
            <p className="flex items-center gap-2 text-sm font-medium text-primary">
              <CircleCheck className="size-5" aria-hidden /> You have confirmed you are coming.
            </p>
          ) : (
            <PendingButton
              size="lg"
              onClick={() => confirm.mutate()}
              isPending={confirm.isPending}
              icon={CircleCheck}
            >
              Confirm I’m coming
            </PendingButton>
          )}
          <Button
            size="lg"
            variant={viewing.confirmedAt ? 'default' : 'outline'}
            onClick={() => setMode('move')}
            disabled={viewing.slots.length === 0}
          >
            <CalendarCheck aria-hidden /> Choose another time
          </Button>
          {viewing.slots.length === 0 ? (
            <p className="text-sm text-muted-foreground">No other times are free right now.</p>
          ) : null}
          <Button size="lg" variant="outline" onClick={() => setMode('cancel')}>
            <CalendarX aria-hidden /> Cancel viewing
          </Button>
        </div>
      ) : mode === 'move' ? (
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) reschedule.mutate(chosen);
          }}
        >
          <TimePicker times={viewing.slots} chosen={chosen} onChoose={setChosen} />
          <div className="flex flex-col gap-2">
            <PendingButton type="submit" size="lg" disabled={!chosen} isPending={reschedule.isPending}>
              Move my viewing
            </PendingButton>
            <Button type="button" variant="ghost" onClick={() => setMode('view')}>
              Keep {viewing.label}
            </Button>
          </div>
        </form>
      ) : (
        <div className="space-y-3 rounded-lg border border-destructive/40 p-4">
          <p className="font-medium">Cancel your viewing on {viewing.longLabel}?</p>
          <p className="text-sm text-muted-foreground">
            The agent will be told, and the time offered to others.
          </p>
          <div className="flex flex-col gap-2">
            <PendingButton
              variant="destructive"
              size="lg"
              onClick={() => cancel.mutate()}
              isPending={cancel.isPending}
            >
              Yes, cancel it
            </PendingButton>
            <Button variant="ghost" onClick={() => setMode('view')}>
              No, keep it
            </Button>
          </div>
        </div>
      )}
    </>
  );
}

/** "Sat 7 Mar, 10:30" → ["Sat 7 Mar", "10:30"] */
const splitLabel = (label: string) => {
  const index = label.lastIndexOf(', ');
  return [label.slice(0, index), label.slice(index + 2)] as const;
};

/**
 * The free times as a calendar page shows them: a strip of days, then the times of the day
 * chosen, so a fortnight of times is two taps rather than one long list.
 */
function TimePicker({
  times,
  chosen,
  onChoose,
}: {
  times: ViewingTimeDto[];
  chosen: string | null;
  onChoose: (startsAt: string) => void;
}) {
  const days = new Map<string, { label: string; times: ViewingTimeDto[] }>();
  for (const time of times) {
    const key = time.startsAt.slice(0, 10);
    const day = days.get(key) ?? { label: splitLabel(time.label)[0], times: [] };
    day.times.push(time);
    days.set(key, day);
  }
  const [dayKey, setDayKey] = useState(() => chosen?.slice(0, 10) ?? [...days.keys()][0] ?? '');
  const day = days.get(dayKey);
  return (
    <div className="space-y-4">
      {/* min-w-0: a fieldset is as wide as its content by default, and the strip scrolls inside it. */}
      <fieldset className="min-w-0">
        <legend className="mb-2 font-medium">Choose a day</legend>
        <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2">
          {[...days].map(([key, { label, times: dayTimes }]) => {
            const [weekday, ...date] = label.split(' ');
            return (
              <label
                key={key}
                className={cn(
                  // relative: the hidden radio (absolutely placed) stays inside the strip, which clips it,
                  // instead of widening the page to where the last day sits.
                  'relative flex min-w-16 shrink-0 cursor-pointer flex-col items-center rounded-md border px-2 py-2 text-center has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  key === dayKey && 'border-primary bg-primary/10',
                )}
              >
                <input
                  type="radio"
                  name="day"
                  className="sr-only"
                  checked={key === dayKey}
                  onChange={() => setDayKey(key)}
                />
                <span className="text-xs text-muted-foreground">{weekday}</span>
                <span className="font-medium whitespace-nowrap">{date.join(' ')}</span>
                <span className="text-xs text-muted-foreground">
                  {dayTimes.length} {dayTimes.length === 1 ? 'time' : 'times'}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {day ? (
        <fieldset>
          <legend className="mb-2 font-medium">Times on {day.label}</legend>
          <div className="grid grid-cols-3 gap-2">
            {day.times.map((time) => (
              <label
                key={time.startsAt}
                className={cn(
                  'relative flex min-h-12 cursor-pointer items-center justify-center rounded-md border px-2 tabular-nums has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  chosen === time.startsAt && 'border-primary bg-primary/10 font-medium',
                )}
              >
                <input
                  type="radio"
                  name="time"
                  value={time.startsAt}
                  className="sr-only"
                  checked={chosen === time.startsAt}
                  onChange={() => onChoose(time.startsAt)}
                />
                {splitLabel(time.label)[1]}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}

/** yyyymmddThhmmssZ, as Google Calendar's template link wants its dates. */
const googleDate = (iso: string) => `${new Date(iso).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** Add to calendar: the invitation as a file (Apple, Outlook and the rest) or Google Calendar. */
function AddToCalendar({ viewing, icsUrl }: { viewing: ManagedViewing; icsUrl: string }) {
  const google = new URL('https://calendar.google.com/calendar/render');
  google.searchParams.set('action', 'TEMPLATE');
  google.searchParams.set('text', `Viewing: ${viewing.property.name}`);
  google.searchParams.set('dates', `${googleDate(viewing.startsAt)}/${googleDate(viewing.endsAt)}`);
  google.searchParams.set('location', viewing.property.address);
  google.searchParams.set(
    'details',
    `Viewing with ${viewing.company.name}. Change or cancel: ${window.location.href}`,
  );
  return (
    <div className="flex flex-wrap gap-2 pt-1">
      <Button variant="outline" asChild>
        <a href={icsUrl} download="viewing.ics">
          <CalendarPlus aria-hidden /> Add to calendar (.ics)
        </a>
      </Button>
      <Button variant="outline" asChild>
        <a href={google.toString()} target="_blank" rel="noreferrer">
          <CalendarPlus aria-hidden /> Google Calendar
        </a>
      </Button>
    </div>
  );
}
