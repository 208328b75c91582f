import { eq } from 'drizzle-orm';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { companies, users, type Viewing } from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';
import { layoutEmail } from '#server/lib/email-templates.ts';
import type { Email } from '#server/lib/mail.ts';
import { formatUkPhone } from '#shared/format/phone.ts';
import { longTimeLabel } from '#shared/viewing-times.ts';

/** The company as the viewing emails name it, and where its own notices go. */
export type Agency = { name: string; to: string; phone: string | null };

export async function findAgency(ctx: AppContext, companyId: string): Promise<Agency | null> {
  const [row] = await ctx.db
    .select({ name: companies.name, email: companies.email, phone: companies.phone, ownerEmail: users.email })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(eq(companies.id, companyId));
  if (!row) return null;
  return { name: row.name, to: row.email?.trim() || row.ownerEmail, phone: row.phone };
}

export function manageUrl(ctx: AppContext, viewing: Pick<Viewing, 'manageToken'>): string {
  return `${ctx.env.appUrl}/viewings/${viewing.manageToken}`;
}

/** The invitation's UID: the same for the life of the viewing, so calendars update one event. */
export function viewingUid(viewing: Pick<Viewing, 'id'>, ctx: AppContext): string {
  return `viewing-${viewing.id}@${new URL(ctx.env.appUrl).hostname}`;
}

/**
 * What identifies a viewing's calendar event and places it in time: the same UID everywhere (the
 * invitation, the feed), and a SEQUENCE that goes up with each move so calendars keep the newest.
 */
export function viewingEventTimes(ctx: AppContext, viewing: Viewing) {
  return {
    id: viewingUid(viewing, ctx),
    sequence: viewing.sequence,
    start: viewing.startsAt,
    end: viewing.endsAt,
    stamp: viewing.updatedAt,
  };
}

/**
 * The iCalendar invitation (ical-generator): times in UTC, so every calendar shows the London
 * wall-clock time the tenant chose in their own zone. REQUEST for a booking or a move (SEQUENCE
 * tells the calendar which is newer), CANCEL to take it off the calendar.
 */
export function viewingInvitation(
  ctx: AppContext,
  viewing: Viewing,
  agency: Agency,
  method: 'REQUEST' | 'CANCEL',
): NonNullable<Email['icalEvent']> {
  const calendar = ical({
    prodId: { company: 'LetLead', product: 'Viewings', language: 'EN' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    ...viewingEventTimes(ctx, viewing),
    summary: `Viewing: ${viewing.propertyName}`,
    location: viewing.propertyAddress,
    description: `Viewing of ${viewing.propertyName} with ${agency.name}.\nChange or cancel: ${manageUrl(ctx, viewing)}`,
    url: manageUrl(ctx, viewing),
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: agency.name, email: agency.to },
    attendees: viewing.tenantEmail
      ? [{ email: viewing.tenantEmail, name: viewing.tenantName ?? undefined }]
      : [],
  });
  return {
    method,
    filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
    content: calendar.toString(),
  };
}

function hello(viewing: Viewing): string {
  return viewing.tenantName ? `Hi ${viewing.tenantName.split(' ')[0]},` : 'Hi,';
}

function tenantEmail(
  ctx: AppContext,
  viewing: Viewing,
  agency: Agency,
  content: {
    subject: string;
    heading: string;
    lines: string[];
    method?: 'REQUEST' | 'CANCEL';
    action?: boolean;
    /** The button instead of "Change or cancel" (the text keeps the manage link too). */
    button?: { label: string; url: string };
  },
): Email | null {
  if (!viewing.tenantEmail) return null;
  const url = manageUrl(ctx, viewing);
  if (content.button) {
    const lines = [hello(viewing), ...content.lines];
    return {
      to: viewing.tenantEmail,
      subject: content.subject,
      text: `${lines.join('\n\n')}\n\n${content.button.label}: ${content.button.url}\n\nChange or cancel your viewing: ${url}`,
      html: layoutEmail({ heading: content.heading, paragraphs: lines, action: content.button }),
    };
  }
  const contact = agency.phone
    ? `${agency.name}: ${formatUkPhone(agency.phone) ?? agency.phone}`
    : agency.name;
  const lines = [hello(viewing), ...content.lines, `Questions? Contact ${contact}.`];
  const isActionable = content.action ?? true;
  return {
    to: viewing.tenantEmail,
    subject: content.subject,
    text: `${lines.join('\n\n')}${isActionable ? `\n\nChange or cancel your viewing: ${url}` : ''}`,
    html: layoutEmail({
      heading: content.heading,
      paragraphs: lines,
      ...(isActionable ? { action: { label: 'Change or cancel', url } } : {}),
    }),
    ...(content.method ? { icalEvent: viewingInvitation(ctx, viewing, agency, content.method) } : {}),
  };
}

const when = (viewing: Viewing) => longTimeLabel(viewing.startsAt);
const where = (viewing: Viewing) => `${viewing.propertyName}, ${viewing.propertyAddress}`;

export const viewingEmails = {
  confirmation: (ctx: AppContext, viewing: Viewing, agency: Agency) =>
    tenantEmail(ctx, viewing, agency, {
      subject: `Your viewing is booked: ${when(viewing)}`,
      heading: 'Your viewing is booked',
      lines: [
        `Your viewing of ${where(viewing)} with ${agency.name} is booked for ${when(viewing)}.`,
        'The calendar invitation is attached: add it to your calendar so you do not miss it.',
      ],
      method: 'REQUEST',
    }),
  rescheduled: (ctx: AppContext, viewing: Viewing, agency: Agency) =>
    tenantEmail(ctx, viewing, agency, {
      subject: `Your viewing has moved: ${when(viewing)}`,
      heading: 'Your viewing has moved',
      lines: [
        `Your viewing of ${where(viewing)} is now on ${when(viewing)}.`,
        'The attached invitation updates the one in your calendar.',
      ],
      method: 'REQUEST',
    }),
  cancelled: (ctx: AppContext, viewing: Viewing, agency: Agency, reason: 'tenant' | 'agent' | 'property') =>
    tenantEmail(ctx, viewing, agency, {
      subject: `Viewing cancelled: ${when(viewing)}`,
      heading: 'Your viewing is cancelled',
      lines: [
        reason === 'tenant'
          ? `As you asked, your viewing of ${where(viewing)} on ${when(viewing)} is cancelled.`
          : reason === 'property'
            ? `Sorry: ${viewing.propertyName} is no longer available, so your viewing on ${when(viewing)} is cancelled.`
            : `Sorry: ${agency.name} has had to cancel your viewing of ${where(viewing)} on ${when(viewing)}.`,
        'The attached update takes it off your calendar.',
      ],
      method: 'CANCEL',
      action: false,
    }),
  /**
   * The day-before request by email: the button confirms in one tap (the manage page confirms as
   * it opens, so a mail scanner that merely fetches the link confirms nothing).
   */
  confirmRequest: (ctx: AppContext, viewing: Viewing, agency: Agency) =>
    tenantEmail(ctx, viewing, agency, {
      subject: `Please confirm your viewing: ${when(viewing)}`,
      heading: 'Are you still coming?',
      lines: [
        `A reminder: your viewing of ${where(viewing)} with ${agency.name} is on ${when(viewing)}.`,
        'Please confirm you are coming, or change the time if it no longer suits you.',
        agency.phone
          ? `Questions? Contact ${agency.name}: ${formatUkPhone(agency.phone) ?? agency.phone}.`
          : `Questions? Contact ${agency.name}.`,
      ],
      button: { label: 'Confirm I’m coming', url: `${manageUrl(ctx, viewing)}?confirm=1` },
    }),
  /** Not confirmed in time: the time went back to others. */
  released: (ctx: AppContext, viewing: Viewing, agency: Agency) =>
    tenantEmail(ctx, viewing, agency, {
      subject: `Viewing released: ${when(viewing)}`,
      heading: 'Your viewing has been released',
      lines: [
        `We did not hear back from you, so your viewing of ${where(viewing)} on ${when(viewing)} has been released for others to book.`,
        'You are welcome to book another time. The attached update takes it off your calendar.',
      ],
      method: 'CANCEL',
      action: false,
    }),
  /** The agent's notice of a booking, or a tenant's move or cancellation. */
  toAgent: (
    ctx: AppContext,
    viewing: Viewing,
    agency: Agency,
    kind: 'booked' | 'rescheduled' | 'cancelled' | 'released',
    previous?: Date,
  ): Email => {
    const tenant = viewing.tenantName ?? 'A tenant';
    const subject = {
      booked: `New viewing: ${viewing.propertyName}, ${when(viewing)}`,
      rescheduled: `Viewing moved: ${viewing.propertyName}, now ${when(viewing)}`,
      cancelled: `Viewing cancelled: ${viewing.propertyName}, ${when(viewing)}`,
      released: `Viewing released: ${viewing.propertyName}, ${when(viewing)}`,
    }[kind];
    const lines = [
      {
        booked: `${tenant} booked a viewing of ${where(viewing)} through the assistant for ${when(viewing)}.`,
        rescheduled: `${tenant} moved their viewing of ${where(viewing)}${previous ? ` from ${longTimeLabel(previous)}` : ''} to ${when(viewing)}.`,
        cancelled: `${tenant} cancelled their viewing of ${where(viewing)} on ${when(viewing)}.`,
        released: `${tenant} did not confirm their viewing of ${where(viewing)} on ${when(viewing)}, so it was released: the time is free for others to book.`,
      }[kind],
      [
        viewing.tenantEmail ? `Email: ${viewing.tenantEmail}` : null,
        viewing.tenantPhone ? `Phone: ${formatUkPhone(viewing.tenantPhone) ?? viewing.tenantPhone}` : null,
      ]
        .filter(Boolean)
        .join(' · '),
    ].filter((line) => line.length > 0);
    const url = `${ctx.env.appUrl}/?tab=viewings`;
    return {
      to: agency.to,
      subject,
      text: `${lines.join('\n\n')}\n\nSee your viewings: ${url}`,
      html: layoutEmail({ heading: subject, paragraphs: lines, action: { label: 'See your viewings', url } }),
    };
  },
};
