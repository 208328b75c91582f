import { Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatUkPhone } from '#shared/format/phone.ts';
import { formatFullDateTime } from '#shared/format.ts';
import type { LeadDetailDto, LeadListItemDto, ScoreBreakdown } from '#shared/schemas/leads.ts';
import { viewingSummary } from '#shared/viewing-times.ts';
import { useLeadDetail } from '#web/components/dashboard/dashboard-api.ts';
import { ChannelBadge, ChannelThread, channelName } from '#web/components/messaging/lead-channel.tsx';
import { LeadPropertyPhotos } from '#web/components/properties/lead-property-photos.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Separator } from '#web/components/ui/separator.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '#web/components/ui/sheet.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useRedirectWhenUnauthorized } from '#web/lib/use-unauthorized-redirect.ts';
import { cn } from '#web/lib/utils.ts';
import { AvailabilityWithDates, PersonRequestedBadge, RatingBadge } from './lead-badges.tsx';
import { LeadAssigneeControl, LeadStatusControl, LeadTimeline, NoteForm } from './lead-history.tsx';
import { PassedOnQuestions, questionsLabel } from './passed-on-questions.tsx';
import { TranscriptMessages } from './transcript-messages.tsx';

type LeadSheetProps = {
  companyId: string;
  /** The row clicked: shown at once while the full record loads. */
  lead: LeadListItemDto | null;
  onClose: () => void;
  onDelete: (lead: LeadListItemDto) => void;
};

/** A lead in full: every answer, how the score was made, and the whole chat. */
export function LeadSheet({ companyId, lead, onClose, onDelete }: LeadSheetProps) {
  const detail = useLeadDetail(lead?.id ?? null);
  useRedirectWhenUnauthorized(detail.error);
  const full = detail.data && detail.data.id === lead?.id ? detail.data : null;
  /** A part read from the lead's detail: skeleton lines while it loads, `failure` if it could not. */
  const fromDetail = (loadingLabel: string, content: ReactNode, failure: ReactNode = null) =>
    detail.isLoading ? <LoadingBlock label={loadingLabel} /> : detail.isError ? failure : content;

  return (
    <Sheet
      open={lead !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <SheetContent side="right" className="w-full gap-0 sm:max-w-xl">
        {lead ? (
          <>
            <SheetHeader className="gap-2 border-b border-border">
              <div className="flex flex-wrap items-center gap-3">
                <SheetTitle className="text-xl">{lead.name || 'Unnamed tenant'}</SheetTitle>
                <RatingBadge rating={lead.rating} className="text-sm" />
                <ChannelBadge channel={lead.channel} />
                <PersonRequestedBadge requested={lead.personRequested} />
              </div>
              <SheetDescription>
                Enquired {formatFullDateTime(lead.createdAt)} about {lead.propertyName || 'any property'}
              </SheetDescription>
              <LeadStatusControl companyId={companyId} lead={lead} />
              <LeadAssigneeControl companyId={companyId} lead={lead} />
              <LeadPropertyPhotos propertyId={lead.propertyId} />
            </SheetHeader>

            <div className="grid gap-6 p-4">
              <SheetSection id="lead-answers-heading" title="Answers">
                <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
                  <Answer label="Property">{lead.propertyName || 'any'}</Answer>
                  <Answer label="Location">{lead.propertyLocation}</Answer>
                  <Answer label="Price">{lead.rentalPrice}</Answer>
                  <Answer label="Beds">{lead.numberOfBeds}</Answer>
                  <Answer label="Name">{lead.name}</Answer>
                  <Answer label="Email">
                    {lead.email ? <AnswerLink href={`mailto:${lead.email}`}>{lead.email}</AnswerLink> : null}
                  </Answer>
                  <Answer label="Contact">
                    {lead.contactNumber ? (
                      <AnswerLink href={`tel:${lead.contactNumber}`}>
                        {formatUkPhone(lead.contactNumber)}
                      </AnswerLink>
                    ) : null}
                  </Answer>
                  <Answer label="Income">{lead.income}</Answer>
                  <Answer label="Profession">{lead.profession}</Answer>
                  <Answer label="People">{lead.numberOfPeople}</Answer>
                  <Answer label="Move In">{lead.moveInDate}</Answer>
                  <Answer label="Availability">
                    {lead.availability ? (
                      <AvailabilityWithDates value={lead.availability} dates={lead.availabilityDates} wrap />
                    ) : null}
                  </Answer>
                  <Answer label="Viewing">
                    {lead.viewingAt && lead.viewingStatus
                      ? viewingSummary(lead.viewingAt, lead.viewingStatus, full?.viewingConfirmedAt)
                      : null}
                  </Answer>
                </dl>
              </SheetSection>

              {lead.passedOnQuestions.length > 0 ? (
                <>
                  <Separator />
                  <section aria-labelledby="lead-questions-heading" className="grid gap-3">
                    <div>
                      <h3 id="lead-questions-heading" className="font-semibold">
                        Questions the assistant passed on to you
                      </h3>
                      <p className="text-sm text-muted-foreground">
                        {questionsLabel(lead.passedOnQuestions)}. Tick each one once you have answered it.
                      </p>
                    </div>
                    <PassedOnQuestions
                      companyId={companyId}
                      leadId={lead.id}
                      questions={lead.passedOnQuestions}
                    />
                  </section>
                </>
              ) : null}

              <Separator />

              {lead.channel === 'whatsapp' || lead.channel === 'sms' ? (
                <>
                  <SheetSection id="lead-channel-heading" title={`${channelName(lead.channel)} messages`}>
                    <ChannelThread
                      leadId={lead.id}
                      deliveryFailed={full?.deliveryFailed ?? lead.deliveryFailed ?? false}
                    />
                  </SheetSection>
                  <Separator />
                </>
              ) : null}

              <SheetSection id="lead-history-heading" title="Notes and activity">
                <NoteForm leadId={lead.id} />
                {fromDetail(
                  'Loading the activity',
                  <LeadTimeline activity={full?.activity ?? []} channel={lead.channel} />,
                )}
              </SheetSection>

              <Separator />

              <SheetSection id="lead-score-heading" title="Score breakdown">
                {fromDetail(
                  'Loading the score breakdown',
                  <ScoreParts breakdown={full?.scoreBreakdown ?? null} />,
                  <p className="text-sm text-destructive">Could not load this lead's details.</p>,
                )}
              </SheetSection>

              <Separator />

              <SheetSection id="lead-chat-heading" title="Chat transcript">
                {fromDetail(
                  'Loading the chat transcript',
                  <Transcript transcript={full?.transcript ?? null} />,
                )}
              </SheetSection>
            </div>

            <div className="mt-auto flex justify-end border-t border-border p-4">
              <Button
                variant="outline"
                className="text-destructive hover:text-destructive"
                onClick={() => onDelete(lead)}
              >
                <Trash2Icon aria-hidden="true" />
                Delete lead
              </Button>
            </div>
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

function SheetSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function AnswerLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    // On a phone a finger's height (40 px), its text level with the label beside it; at a desk the
    // line keeps its text's height.
    <a
      className="inline-flex min-h-10 items-start text-primary underline-offset-4 hover:underline sm:min-h-0"
      href={href}
    >
      {children}
    </a>
  );
}

function Answer({ label, children }: { label: string; children: ReactNode }) {
  const isEmpty = children === null || children === undefined || children === '';
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">
        {isEmpty ? <span className="text-muted-foreground">-</span> : children}
      </dd>
    </>
  );
}

function LoadingBlock({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-2">
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

function ScoreParts({ breakdown }: { breakdown: ScoreBreakdown | null }) {
  if (!breakdown) {
    return <p className="text-sm text-muted-foreground">No score breakdown was saved for this lead.</p>;
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        <span className="text-2xl font-semibold tabular-nums">{breakdown.total}</span>
        <span className="text-muted-foreground"> / {breakdown.max} points</span>
      </p>
      <ul className="grid gap-2">
        {breakdown.parts.map((part, index) => {
          const ratio = part.max > 0 ? part.points / part.max : 0;
          return (
            <li key={`${part.label}-${index}`} className="rounded-md border border-border p-3">
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-medium">{part.label}</span>
                <span
                  className={cn(
                    'shrink-0 text-sm font-semibold tabular-nums',
                    ratio >= 1 ? 'text-green-700' : ratio > 0 ? 'text-amber-700' : 'text-muted-foreground',
                  )}
                >
                  {part.points}/{part.max}
                </span>
              </div>
              {part.reason ? (
                <p className="mt-1 text-sm text-muted-foreground">{withoutTrailingPoints(part.reason)}</p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The scoring code ends each reason with its points ("…: 4/4"), already shown beside it. */
function withoutTrailingPoints(reason: string): string {
  return reason.replace(/:\s*\d+(\.\d+)?\/\d+\s*$/, '');
}

function Transcript({ transcript }: { transcript: LeadDetailDto['transcript'] }) {
  if (!transcript || (transcript.messages.length === 0 && !transcript.content)) {
    return <p className="text-sm text-muted-foreground">No chat transcript was saved for this lead.</p>;
  }
  if (transcript.messages.length === 0) {
    return (
      <pre className="rounded-md bg-muted p-3 font-sans text-sm whitespace-pre-wrap">
        {transcript.content}
      </pre>
    );
  }
  return <TranscriptMessages messages={transcript.messages} />;
}
