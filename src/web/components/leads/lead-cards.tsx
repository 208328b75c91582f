import { ChevronRightIcon, MailIcon, PhoneIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { LeadListItemDto } from '#shared/schemas/leads.ts';
import { viewingSummary } from '#shared/viewing-times.ts';
import { ChannelBadge } from '#web/components/messaging/lead-channel.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ListPlaceholder } from '#web/components/ui/list-states.tsx';
import { formatPhone } from '#web/lib/uk-phone.ts';
import { AvailabilityWithDates, PersonRequestedBadge, RatingBadge } from './lead-badges.tsx';
import { StatusBadge } from './lead-status.tsx';
import { QuestionsMarker } from './passed-on-questions.tsx';

/** Cards shown at first and added per "Show more": a phone lists the best few, not 10,000. */
const PAGE = 30;

type LeadCardsProps = {
  leads: LeadListItemDto[];
  onOpen: (lead: LeadListItemDto) => void;
  /** Shown in place of cards: loading, error and empty states. */
  placeholder: ReactNode | null;
};

/** The leads on a phone: one card each with what an agent calls on, and links to call or email. */
export function LeadCards({ leads, onOpen, placeholder }: LeadCardsProps) {
  const [shown, setShown] = useState(PAGE);
  if (placeholder) return <ListPlaceholder>{placeholder}</ListPlaceholder>;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label="Property leads">
        {leads.slice(0, shown).map((lead) => (
          <LeadCard key={lead.id} lead={lead} onOpen={onOpen} />
        ))}
      </ul>
      {leads.length > shown ? (
        <Button variant="outline" onClick={() => setShown((count) => count + PAGE)}>
          Show {Math.min(PAGE, leads.length - shown)} more
        </Button>
      ) : null}
    </div>
  );
}

function LeadCard({ lead, onOpen }: { lead: LeadListItemDto; onOpen: (lead: LeadListItemDto) => void }) {
  const name = lead.name || 'Unnamed tenant';
  return (
    <li className="grid gap-2 rounded-lg border border-border bg-background p-3">
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 items-center gap-1.5">
          <h3 className="truncate font-semibold">{name}</h3>
          <QuestionsMarker questions={lead.passedOnQuestions} />
        </div>
        <RatingBadge rating={lead.rating} className="text-sm" />
      </div>
      {lead.personRequested || (lead.channel && lead.channel !== 'web') ? (
        <div className="flex flex-wrap gap-1.5">
          <ChannelBadge channel={lead.channel} />
          <PersonRequestedBadge requested={lead.personRequested} />
        </div>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <StatusBadge status={lead.status} lostReason={lead.lostReason} />
        </dd>
        <dt className="text-muted-foreground">Property</dt>
        <dd className="min-w-0 break-words">{lead.propertyName || 'any'}</dd>
        <dt className="text-muted-foreground">Move In</dt>
        <dd>{lead.moveInDate || '-'}</dd>
        {lead.viewingAt && lead.viewingStatus ? (
          <>
            <dt className="text-muted-foreground">Viewing</dt>
            <dd className="min-w-0">{viewingSummary(lead.viewingAt, lead.viewingStatus)}</dd>
          </>
        ) : lead.availability ? (
          <>
            <dt className="text-muted-foreground">Viewing</dt>
            <dd className="min-w-0">
              <AvailabilityWithDates value={lead.availability} dates={lead.availabilityDates} wrap />
            </dd>
          </>
        ) : null}
      </dl>
      {/* A finger's size (40 px): the card is what a phone shows. */}
      <div className="flex flex-wrap gap-2">
        {lead.contactNumber ? (
          <Button variant="outline" size="sm" className="h-10" asChild>
            <a
              href={`tel:${lead.contactNumber}`}
              aria-label={`Call ${name} on ${formatPhone(lead.contactNumber)}`}
            >
              <PhoneIcon aria-hidden="true" />
              {formatPhone(lead.contactNumber)}
            </a>
          </Button>
        ) : null}
        {lead.email ? (
          <Button variant="outline" size="sm" className="h-10" asChild>
            <a href={`mailto:${lead.email}`} aria-label={`Email ${name}`}>
              <MailIcon aria-hidden="true" />
              Email
            </a>
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" className="ml-auto h-10" onClick={() => onOpen(lead)}>
          Details
          <ChevronRightIcon aria-hidden="true" />
          <span className="sr-only">for {name}</span>
        </Button>
      </div>
    </li>
  );
}
