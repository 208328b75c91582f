import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, CalendarX, Clock, MapPin } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'wouter';
import type { ManagedViewing } from '#shared/schemas/viewings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { apiRequest, errorMessage } from '#web/lib/api.ts';
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
        <section className="space-y-2">
          <h1 className="text-2xl font-semibold">Viewing not found</h1>
          <p className="text-muted-foreground">
            {errorMessage(
              viewing.error,
              'This viewing link is not valid. Please check the link in your email.',
            )}
          </p>
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

  const isLive = viewing.status === 'booked' && !viewing.isPast;
  const heading =
    viewing.status === 'cancelled'
      ? 'Viewing cancelled'
      : viewing.isPast || viewing.status !== 'booked'
        ? 'This viewing has taken place'
        : 'Your viewing is booked';
  const contact = [viewing.company.phone, viewing.company.email].filter(Boolean).join(' · ');

  return (
    <>
      <section className="space-y-1">
        <h1 className="text-2xl font-semibold">{heading}</h1>
        {viewing.tenantName ? <p className="text-muted-foreground">For {viewing.tenantName}</p> : null}
      </section>

      <section
        className={cn(
          'space-y-3 rounded-lg border p-4',
          viewing.status === 'cancelled' ? 'border-dashed bg-muted/40' : 'bg-card',
        )}
        aria-label="Viewing details"
      >
        <p className="flex items-start gap-3 text-lg font-medium">
          <Clock className="mt-1 size-5 text-primary" aria-hidden />
          <span className={cn(viewing.status === 'cancelled' && 'line-through')}>{viewing.longLabel}</span>
        </p>
        <p className="flex items-start gap-3">
          <MapPin className="mt-1 size-5 text-primary" aria-hidden />
          <span>
            <span className="block font-medium">{viewing.property.name}</span>
            <span className="text-muted-foreground">{viewing.property.address}</span>
          </span>
        </p>
        <p className="text-sm text-muted-foreground">
          With {viewing.company.name}
          {contact ? ` · ${contact}` : ''}
        </p>
      </section>

      {done ? (
        <p role="status" className="rounded-md bg-primary/10 p-3 text-sm">
          {done}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          {problem}
        </p>
      ) : null}

      {!isLive ? (
        <p className="text-muted-foreground">
          {viewing.status === 'cancelled'
            ? `To book another time, start a new chat from the property's advert or contact ${viewing.company.name}.`
            : `Questions about the property? Contact ${viewing.company.name}.`}
        </p>
      ) : mode === 'view' ? (
        <div className="flex flex-col gap-3">
          <Button size="lg" onClick={() => setMode('move')} disabled={viewing.slots.length === 0}>
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
            else setProblem('Choose a new time');
          }}
        >
          <fieldset className="space-y-2">
            <legend className="mb-2 font-medium">Choose a new time</legend>
            <div className="grid max-h-80 grid-cols-1 gap-2 overflow-y-auto">
              {viewing.slots.map((slot) => (
                <label
                  key={slot.startsAt}
                  className={cn(
                    'flex min-h-12 cursor-pointer items-center gap-3 rounded-md border px-3',
                    chosen === slot.startsAt && 'border-primary bg-primary/10',
                  )}
                >
                  <input
                    type="radio"
                    name="slot"
                    value={slot.startsAt}
                    checked={chosen === slot.startsAt}
                    onChange={() => setChosen(slot.startsAt)}
                    className="size-4 accent-[var(--color-primary)]"
                  />
                  {slot.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-2">
            <Button type="submit" size="lg" disabled={reschedule.isPending}>
              {reschedule.isPending ? <Spinner /> : null} Move my viewing
            </Button>
            <Button type="button" variant="ghost" onClick={() => setMode('view')}>
              Keep {viewing.label}
            </Button>
          </div>
        </form>
      ) : (
        <div className="space-y-3 rounded-lg border border-destructive/40 p-4">
          <p className="font-medium">Cancel your viewing on {viewing.longLabel}?</p>
          <p className="text-sm text-muted-foreground">
            The agent will be told, and the slot offered to others.
          </p>
          <div className="flex flex-col gap-2">
            <Button
              variant="destructive"
              size="lg"
              onClick={() => cancel.mutate()}
              disabled={cancel.isPending}
            >
              {cancel.isPending ? <Spinner /> : null} Yes, cancel it
            </Button>
            <Button variant="ghost" onClick={() => setMode('view')}>
              No, keep it
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
