import { and, eq, gt, sql } from 'drizzle-orm';
import { toLeadFields } from '#agent/lead-fields.ts';
import type { AgentContext, AgentState } from '#agent/types.ts';
import { chatTranscripts, companies, conversations, leads } from '#server/db/schema.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import type { EndChatResponse } from '#shared/schemas/chat.ts';
import { chatDb, type Tx } from './db.ts';
import { type ChatProperty, loadDirectoryById } from './directory.ts';
import { agentContext, conversationProperty } from './engine.ts';
import { claimLeadEmail, notifyNewLead } from './lead-email.ts';
import { readStoredState } from './stored-state.ts';
import { formatTranscript, transcriptFileName } from './transcript.ts';

/** After the unload beacon, how long a refreshed page has to come back before the chat ends. */
export const UNLOAD_GRACE_SECONDS = 45;

type SavedLead = { leadId: string; email: Awaited<ReturnType<typeof claimLeadEmail>> };

/**
 * Ends a conversation: stores its transcript and, when the tenant answered anything, its lead.
 * Safe to call any number of times from any number of processes at once: the status change
 * `active → ended` is the one gate (only one transaction's UPDATE matches), and the unique
 * conversation ids on transcripts and leads stop a second copy even if that gate were passed.
 */
export async function endConversation(ctx: AppContext, conversationId: string): Promise<EndChatResponse> {
  const result = await chatDb(ctx).transaction(async (tx) => {
    const [ended] = await tx
      .update(conversations)
      .set({ status: 'ended', endedAt: now() })
      .where(and(eq(conversations.id, conversationId), eq(conversations.status, 'active')))
      .returning();
    if (!ended) return null;
    const companyId = ended.companyId;
    if (!ended.messages.some((m) => m.sender === 'user')) return { companyId, saved: null };

    const directory = await loadDirectoryById(tx, companyId);
    if (!directory) return { companyId, saved: null };
    const stored = readStoredState(ended.state);
    const property = conversationProperty(
      directory,
      ended.propertyId,
      stored?.agent.fields.propertyId ?? null,
    );
    const context = agentContext(directory, property);
    const [transcript] = await tx
      .insert(chatTranscripts)
      .values({
        companyId: ended.companyId,
        conversationId: ended.id,
        fileName: transcriptFileName(directory.company.slug, ended.createdAt.toISOString(), ended.id),
        content: formatTranscript({
          companyName: directory.company.name,
          propertyName: property?.name ?? null,
          messages: ended.messages,
        }),
      })
      .onConflictDoNothing({ target: chatTranscripts.conversationId })
      .returning({ id: chatTranscripts.id });
    if (!transcript || !stored) return { companyId, saved: null };

    const saved = await saveLead(tx, {
      companyId: ended.companyId,
      conversationId: ended.id,
      transcriptId: transcript.id,
      property,
      context,
      agent: stored.agent,
      log: ctx.log,
    });
    return { companyId, saved };
  });

  if (result === null) {
    const [transcript] = await ctx.db
      .select({ processed: chatTranscripts.processed })
      .from(chatTranscripts)
      .where(eq(chatTranscripts.conversationId, conversationId));
    return { alreadyEnded: true, alreadyProcessed: transcript?.processed ?? false, leadCreated: false };
  }
  if (result.saved) {
    await notifyNewLead(ctx, { companyId: result.companyId, ...result.saved });
  }
  return { alreadyEnded: false, alreadyProcessed: false, leadCreated: result.saved !== null };
}

/**
 * Turns the agent's state into the transcript's lead, inside the caller's transaction: at most
 * one lead per conversation, one credit for it (never below zero: a conversation under way keeps
 * its lead when the credits ran out meanwhile), and the transcript marked processed. Null when
 * the tenant gave no answer at all: no lead, no credit.
 */
export async function saveLead(
  tx: Tx,
  input: {
    companyId: string;
    conversationId: string | null;
    transcriptId: string;
    property: ChatProperty | null;
    context: AgentContext;
    agent: AgentState;
    log: AppContext['log'];
  },
): Promise<SavedLead | null> {
  // The company row lock orders every lead of one company: credits, and the lead email's
  // "first at once, the rest in a digest" rule, see one lead at a time.
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, input.companyId))
    .for('update');

  let leadFields: ReturnType<typeof toLeadFields>;
  try {
    leadFields = toLeadFields(input.agent, input.context);
  } catch (error) {
    input.log.error({ err: error, transcriptId: input.transcriptId }, 'Lead fields could not be read');
    // Left unprocessed: "reprocess transcripts" tries again, and the chat still ends.
    return null;
  }
  const { hasAnyAnswer, ...fields } = leadFields;
  const extractedData = {
    hasAnyAnswer,
    fields: input.agent.fields,
    refused: input.agent.refused,
    openQuestions: input.agent.openQuestions,
    lead: fields,
  };
  const markProcessed = () =>
    tx
      .update(chatTranscripts)
      .set({ processed: true, extractedData })
      .where(eq(chatTranscripts.id, input.transcriptId));

  if (!hasAnyAnswer) {
    await markProcessed();
    return null;
  }
  if (!input.conversationId) {
    // A transcript without its conversation (reprocessing): its own id is the key instead.
    const existing = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.chatTranscriptId, input.transcriptId))
      .limit(1);
    if (existing.length > 0) {
      await markProcessed();
      return null;
    }
  }
  const [lead] = await tx
    .insert(leads)
    .values({
      ...fields,
      companyId: input.companyId,
      conversationId: input.conversationId,
      propertyId: input.property?.id ?? null,
      chatTranscriptId: input.transcriptId,
      // Statement time, not transaction start: leads of a company are then ordered as the lock
      // orders them, which the digest's "created since the last email" relies on.
      createdAt: sql`clock_timestamp()`,
    })
    .onConflictDoNothing({ target: leads.conversationId })
    .returning({ id: leads.id });
  await markProcessed();
  if (!lead) return null;

  await tx
    .update(companies)
    .set({ currentCount: sql`${companies.currentCount} - 1` })
    .where(and(eq(companies.id, input.companyId), gt(companies.currentCount, 0)));
  const email = await claimLeadEmail(tx, input.companyId);
  return { leadId: lead.id, email };
}

/**
 * The idle finaliser (run every minute by the job queue): ends conversations silent for
 * CHAT_IDLE_MINUTES, and those whose page sent the unload beacon and did not come back.
 * Returns how many it ended.
 */
export async function finaliseIdleConversations(ctx: AppContext, at: Date = now()): Promise<number> {
  const idleBefore = new Date(at.getTime() - ctx.env.chatIdleMinutes * 60_000);
  const leftBefore = new Date(at.getTime() - UNLOAD_GRACE_SECONDS * 1000);
  let finished = 0;
  for (let batch = 0; batch < 20; batch += 1) {
    const due = await ctx.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.status, 'active'),
          sql`(${conversations.lastActivityAt} < ${idleBefore.toISOString()}::timestamptz or (${conversations.state}->>'leftAt' is not null and (${conversations.state}->>'leftAt')::timestamptz < ${leftBefore.toISOString()}::timestamptz))`,
        ),
      )
      .orderBy(conversations.lastActivityAt)
      .limit(100);
    for (const { id } of due) {
      try {
        const result = await endConversation(ctx, id);
        if (!result.alreadyEnded) finished += 1;
      } catch (error) {
        ctx.log.error({ err: error, conversationId: id }, 'Could not finalise an idle conversation');
      }
    }
    if (due.length < 100) break;
  }
  return finished;
}
