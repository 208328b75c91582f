import type { ExtractedFields, OfferedTime } from '#agent/types.ts';
import { conversations } from '#server/db/schema.ts';
import { freeTimesFor, loadBookingRules } from '#server/features/viewings/booking.ts';
import { bookChatTime } from '#server/features/viewings/chat-booking.ts';
import type { TestApp } from './app.ts';
import { unique } from './factories.ts';

/** The viewing times a listing's chat offers now. */
export async function freeTimesOf(app: TestApp, propertyId: string) {
  return freeTimesFor(app.ctx.db, (await loadBookingRules(app.ctx.db, propertyId))!);
}

/**
 * A viewing booked as the chat books it (the same use case), by a new chat about the listing;
 * `conversation` goes into that chat's row (an SMS thread's channel and phone, say).
 */
export async function bookInNewChat(
  app: TestApp,
  input: {
    companyId: string;
    propertyId: string;
    slot: OfferedTime;
    fields: ExtractedFields;
    conversation?: Partial<typeof conversations.$inferInsert>;
  },
) {
  const [conversation] = await app.ctx.db
    .insert(conversations)
    .values({
      sessionKey: unique('session'),
      companyId: input.companyId,
      propertyId: input.propertyId,
      ...input.conversation,
    })
    .returning();
  const booking = await bookChatTime(app.ctx, {
    conversationId: conversation!.id,
    propertyId: input.propertyId,
    time: input.slot,
    fields: input.fields,
  });
  if (booking.kind !== 'booked') throw new Error('The seed could not book a viewing');
  return booking.viewing;
}
