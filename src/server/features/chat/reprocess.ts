import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { extractFromTranscript } from '#agent/lead-fields.ts';
import { type Company, chatTranscripts, leads } from '#server/db/schema.ts';
import { messagesOf } from '#server/features/conversations/index.ts';
import { loadDirectoryById } from '#server/features/directory/index.ts';
import { notifyNewLead } from '#server/features/leads/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import { saveLeadFromTranscript } from './end-conversation.ts';
import { agentContext, conversationProperty } from './engine.ts';
import { parseTranscript } from './transcript.ts';

/** Enough for any real backlog in one request, small enough to answer within a few seconds. */
const BATCH = 500;

/**
 * POST /api/companies/{id}/reprocess-transcripts: reads again every transcript that was not
 * processed, or whose lead is missing, and creates the leads that should exist. The extraction
 * runs on the whole transcript, so it also recovers a chat whose agent state was lost.
 */
export async function reprocessTranscripts(ctx: AppContext, company: Company): Promise<{ message: string }> {
  const pending = await ctx.db
    .select({
      id: chatTranscripts.id,
      conversationId: chatTranscripts.conversationId,
      content: chatTranscripts.content,
    })
    .from(chatTranscripts)
    .leftJoin(
      leads,
      or(
        eq(leads.chatTranscriptId, chatTranscripts.id),
        and(
          sql`${chatTranscripts.conversationId} is not null`,
          eq(leads.conversationId, chatTranscripts.conversationId),
        ),
      ),
    )
    .where(
      and(
        eq(chatTranscripts.companyId, company.id),
        // A processed chat with no answer in it rightly has no lead, and a repeat enquiry joined
        // its tenant's lead: neither is read again.
        or(
          eq(chatTranscripts.processed, false),
          and(
            isNull(leads.id),
            isNull(chatTranscripts.leadId),
            sql`coalesce((${chatTranscripts.extractedData}->>'hasAnyAnswer')::boolean, true)`,
          ),
        ),
      ),
    )
    .limit(BATCH);

  const directory = await loadDirectoryById(ctx.db, company.id);
  if (!directory || pending.length === 0) return { message: 'There are no transcripts to reprocess.' };

  // A transcript whose conversation is still kept is read from its messages, with its listing.
  const kept = await messagesOf(
    ctx,
    pending.flatMap((transcript) => (transcript.conversationId ? [transcript.conversationId] : [])),
  );
  let created = 0;
  for (const transcript of pending) {
    const conversation = transcript.conversationId ? kept.get(transcript.conversationId) : undefined;
    const messages = conversation?.messages ?? parseTranscript(transcript.content);
    const property = conversationProperty(directory, conversation?.propertyId ?? null, null);
    const baseContext = agentContext(directory, property);
    const agent = extractFromTranscript(messages, baseContext);
    const chosen = property ?? conversationProperty(directory, null, agent.fields.propertyId);
    const context = chosen === property ? baseContext : agentContext(directory, chosen);
    const saved = await saveLeadFromTranscript(ctx, {
      companyId: company.id,
      transcriptId: transcript.id,
      property: chosen,
      context,
      agent,
    });
    if (saved) {
      created += 1;
      await notifyNewLead(ctx, { companyId: company.id, ...saved });
    }
  }
  const transcripts = pending.length === 1 ? '1 transcript' : `${pending.length} transcripts`;
  const newLeads = created === 1 ? '1 new lead' : `${created} new leads`;
  return { message: `Reprocessed ${transcripts}: ${newLeads} created.` };
}
