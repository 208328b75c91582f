import type { LeadActivityDto } from '#shared/schemas/leads.ts';
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '#shared/schemas/leads.ts';
import type { ConversationChannelName } from '#shared/schemas/messaging.ts';
import { timeLabel } from '#shared/viewing-times.ts';

/** One line of a lead's timeline: what happened, and any words that came with it. */
export type ActivityText = { title: string; body?: string };

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

const statusLabel = (value: unknown): string =>
  LEAD_STATUSES.includes(value as LeadStatus) ? LEAD_STATUS_LABELS[value as LeadStatus] : 'another status';

const when = (value: unknown): string | undefined => {
  const iso = text(value);
  return iso && !Number.isNaN(Date.parse(iso)) ? timeLabel(new Date(iso)) : undefined;
};

/** Who cancelled a viewing, as its line says it; an agent's own name is the entry's actor. */
const CANCELLED_BY: Record<string, string> = {
  tenant: ' by tenant',
  property: ': the listing was removed',
};

/** Where the tenant first enquired, as the lead's first line says it. */
const ENQUIRED_ON: Record<ConversationChannelName, string> = {
  web: 'Enquired through the chat',
  whatsapp: 'Enquired on WhatsApp',
  sms: 'Enquired by text message (SMS)',
};

/**
 * How an activity entry reads in the side panel; `channel` is the one the lead's chat was on. The detail is what the feature that wrote it
 * chose (docs/pipeline.md); a field missing from it leaves the line shorter, never broken.
 */
export function activityText(
  entry: Pick<LeadActivityDto, 'kind' | 'detail'>,
  channel: ConversationChannelName = 'web',
): ActivityText {
  const { detail } = entry;
  switch (entry.kind) {
    case 'created':
      return { title: ENQUIRED_ON[channel] };
    case 'enquired_again':
      return { title: 'Enquired again about this property' };
    case 'status_changed':
      return {
        title: `Moved from ${statusLabel(detail.from)} to ${statusLabel(detail.to)}`,
        body: text(detail.lostReason) ? `Reason: ${detail.lostReason}` : undefined,
      };
    case 'note':
      return { title: 'Note', body: text(detail.body) };
    case 'viewing_booked': {
      const at = when(detail.startsAt);
      return { title: at ? `Viewing booked for ${at}` : 'Viewing booked' };
    }
    case 'viewing_moved': {
      const at = when(detail.startsAt ?? detail.to);
      const from = when(detail.from);
      const by = detail.by === 'tenant' ? ' by tenant' : '';
      return {
        title: at ? `Viewing moved${by} to ${at}` : `Viewing moved${by}`,
        body: from ? `Was ${from}` : undefined,
      };
    }
    case 'viewing_cancelled': {
      const at = when(detail.startsAt);
      if (detail.by === 'release') {
        return {
          title: 'Viewing released',
          body: `Not confirmed in time: the time is free for others${at ? ` (was ${at})` : ''}`,
        };
      }
      const by = CANCELLED_BY[String(detail.by)] ?? '';
      return {
        title: `Viewing cancelled${by}`,
        body: text(detail.reason) ?? (at ? `Was ${at}` : undefined),
      };
    }
    case 'viewing_confirmed': {
      const at = when(detail.startsAt);
      return { title: at ? `Viewing confirmed for ${at}` : 'Viewing confirmed' };
    }
    case 'email_sent':
      return { title: 'Email sent to the tenant', body: text(detail.subject) };
    case 'assigned': {
      const name = text(detail.toName) ?? text(detail.assigneeName);
      if (detail.to === null) return { title: 'Unassigned' };
      return { title: name ? `Assigned to ${name}` : 'Assignment changed' };
    }
  }
}
