import { and, eq, isNull } from 'drizzle-orm';
import type { ExtractedFields, OfferedTime } from '#agent/types.ts';
import { timesForChat } from '#agent/viewing.ts';
import { type Viewing, viewings } from '#server/db/schema.ts';
import type { ChatProperty, CompanyDirectory } from '#server/features/directory/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import type { BookedViewing } from '#shared/schemas/viewings.ts';
import { toViewingTime } from '#shared/viewing-times.ts';
import { bookingRulesOf, bookViewing, freeTimesFor, loadBookingRules, matchTime } from './booking.ts';
import { manageUrl } from './emails.ts';
import { notifyViewing } from './notify.ts';

/** The chat hands the engine about this many times (soonest first); it offers a few of them. */
export const CHAT_TIME_LIMIT = 40;

/**
 * The free times of the conversation's property for the engine's context, or null when it takes
 * no bookings (no schedule, booking off, no property chosen yet): then the tenant is asked for
 * their availability in free text, as before bookings existed.
 */
export async function chatViewingTimes(
  ctx: AppContext,
  directory: CompanyDirectory,
  property: ChatProperty | null,
): Promise<OfferedTime[] | null> {
  if (!property) return null;
  const times = await freeTimesFor(ctx.db, bookingRulesOf(directory, property));
  return times.length > 0 ? timesForChat(times, CHAT_TIME_LIMIT) : null;
}

export function toBookedViewing(ctx: AppContext, viewing: Viewing): BookedViewing {
  const time = toViewingTime(viewing.startsAt);
  return { id: viewing.id, startsAt: time.startsAt, label: time.label, manageUrl: manageUrl(ctx, viewing) };
}

export type ChatBooking =
  | { kind: 'booked'; viewing: Viewing }
  /** The time was taken meanwhile (or is no longer offered): the next free times. */
  | { kind: 'taken'; times: OfferedTime[] };

/**
 * Books the time the tenant picked in the chat. The engine (or the LLM) only proposes: the time
 * must still be one of the property's free times, and the guarded insert decides.
 */
export async function bookChatTime(
  ctx: AppContext,
  input: { conversationId: string; propertyId: string; time: OfferedTime; fields: ExtractedFields },
): Promise<ChatBooking> {
  const rules = await loadBookingRules(ctx.db, input.propertyId);
  if (!rules) return { kind: 'taken', times: [] };
  const free = await freeTimesFor(ctx.db, rules);
  const time = matchTime(free, input.time.startsAt);
  if (time) {
    const result = await bookViewing(ctx, {
      rules,
      conversationId: input.conversationId,
      startsAt: new Date(time.startsAt),
      tenant: { name: input.fields.name, email: input.fields.email, phone: input.fields.phone },
    });
    if (result.kind === 'booked') {
      // Announced as `viewing.booked`: a lead that already exists follows it (leads subscribes).
      await notifyViewing(ctx, result.viewing, { kind: 'booked' });
    }
    if (result.kind !== 'taken') return { kind: 'booked', viewing: result.viewing };
  } else {
    // The same pick sent again (a retried request): the conversation's viewing stands.
    const [existing] = await ctx.db
      .select()
      .from(viewings)
      .where(and(eq(viewings.conversationId, input.conversationId), eq(viewings.status, 'booked')));
    if (existing) return { kind: 'booked', viewing: existing };
  }
  const fresh = await freeTimesFor(ctx.db, rules);
  return { kind: 'taken', times: timesForChat(fresh, CHAT_TIME_LIMIT) };
}

/**
 * A viewing booked before the tenant gave their details (they asked to view early): once the
 * chat has their email, the viewing carries their name and contact details and the confirmation
 * with its invitation goes out. One conditional UPDATE a turn, only for chats with a booking.
 */
export async function completeViewingContact(
  ctx: AppContext,
  input: { conversationId: string; fields: ExtractedFields },
): Promise<void> {
  const { name, email, phone } = input.fields;
  if (!email) return;
  const [viewing] = await ctx.db
    .update(viewings)
    .set({ tenantEmail: email, tenantName: name, tenantPhone: phone, updatedAt: new Date() })
    .where(
      and(
        eq(viewings.conversationId, input.conversationId),
        eq(viewings.status, 'booked'),
        isNull(viewings.tenantEmail),
      ),
    )
    .returning();
  if (viewing) await notifyViewing(ctx, viewing, { kind: 'contact-added' });
}
