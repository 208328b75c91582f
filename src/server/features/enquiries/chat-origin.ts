import { and, eq } from 'drizzle-orm';
import { enquiries } from '#server/db/schema.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { isUuid } from '#server/lib/session.ts';
import { readChatToken } from './chat-token.ts';

export type ChatOrigin = {
  /** `?src=`, or the enquiry's portal when the link came in an enquiry reply. */
  source: string | null;
  enquiryId: string | null;
  /** What the enquiry already told us: the chat does not ask for these again. */
  known: { name: string | null; email: string | null; phone: string | null } | null;
};

/**
 * Where a new chat comes from. A token that is forged, expired or for another agency's enquiry
 * is ignored (the chat simply starts without what it would have known), never an error: the
 * tenant should not be stopped by an old link.
 */
export async function readChatOrigin(
  ctx: AppContext,
  companyId: string,
  input: { source: string | null; enquiryToken: string | null },
): Promise<ChatOrigin> {
  const plain: ChatOrigin = { source: input.source, enquiryId: null, known: null };
  if (!input.enquiryToken) return plain;
  const enquiryId = readChatToken(ctx.env.sessionSecret, input.enquiryToken, now());
  if (!enquiryId || !isUuid(enquiryId)) return plain;
  const [enquiry] = await ctx.db
    .select({
      id: enquiries.id,
      source: enquiries.source,
      name: enquiries.name,
      email: enquiries.email,
      phone: enquiries.phone,
    })
    .from(enquiries)
    .where(and(eq(enquiries.id, enquiryId), eq(enquiries.companyId, companyId)));
  if (!enquiry) return plain;
  return {
    source: enquiry.source,
    enquiryId: enquiry.id,
    known: { name: enquiry.name, email: enquiry.email, phone: enquiry.phone },
  };
}
