import { z } from 'zod';
import { MAX_MESSAGE_LENGTH } from '#shared/chat-rules.ts';
import { chatMessageSchema } from './chat.ts';
import { CONVERSATION_CHANNELS } from './messaging.ts';

/**
 * Live conversations (DESIGN section 12): the company's chats as they happen, a person of the
 * agency taking one over, and handing it back. Streams are server-sent events; each message
 * event's `id` is the message's position in its conversation (from 1), so `Last-Event-ID`
 * resumes exactly where a dropped connection stopped.
 */

export const conversationIdParamsSchema = z.object({ id: z.uuid('Conversation not found') });

/** One known detail, as the Live tab shows it ("Move-in", "01/03/2027"). */
export const liveDetailSchema = z.object({ label: z.string(), value: z.string() });

/** A conversation on the Live tab. */
export const liveConversationSchema = z.object({
  id: z.uuid(),
  status: z.enum(['active', 'ended']),
  startedAt: z.string(),
  lastActivityAt: z.string(),
  propertyName: z.string().nullable(),
  source: z.string().nullable(),
  /** Where the tenant writes: the chat page, or WhatsApp or SMS (replies go there). */
  channel: z.enum(CONVERSATION_CHANNELS),
  /** The tenant's name once given, else null. */
  tenantName: z.string().nullable(),
  /** Who of the agency has the chat (the assistant waits), or null. */
  takenOver: z.object({ userId: z.string(), name: z.string() }).nullable(),
  messageCount: z.number().int(),
  lastMessage: chatMessageSchema.pick({ sender: true, content: true }).nullable(),
  details: z.array(liveDetailSchema),
  /** Questions answered (or declined) of those the assistant asks. */
  progress: z.object({ answered: z.number().int(), total: z.number().int() }),
});
export type LiveConversation = z.infer<typeof liveConversationSchema>;

/** The company stream's first event, and again after every reconnect. */
export const liveSnapshotSchema = z.object({ conversations: z.array(liveConversationSchema) });
export type LiveSnapshot = z.infer<typeof liveSnapshotSchema>;

/** One message event of a conversation stream (the SSE `id` is `seq`). */
export const liveMessageEventSchema = chatMessageSchema.extend({ seq: z.number().int() });
export type LiveMessageEvent = z.infer<typeof liveMessageEventSchema>;

/** A piece of the assistant's reply as it is written. */
export const liveDeltaEventSchema = z.object({ sender: z.literal('assistant'), delta: z.string() });
export type LiveDeltaEvent = z.infer<typeof liveDeltaEventSchema>;

/** The tenant's stream: who has the chat, and the quick replies of the assistant's latest question. */
export const tenantStatusEventSchema = z.object({
  takenOverBy: z.string().nullable(),
  quickReplies: z.array(z.string()),
});
export type TenantStatusEvent = z.infer<typeof tenantStatusEventSchema>;

export const tenantEventsQuerySchema = z.object({
  sessionKey: z.string().min(1).max(200),
  /** The number of messages the page already has; `Last-Event-ID` wins when both are sent. */
  after: z.coerce.number().int().min(0).max(100_000).optional(),
});

export const agentEventsQuerySchema = z.object({
  after: z.coerce.number().int().min(0).max(100_000).optional(),
});

/** POST /api/conversations/{id}/messages */
export const agentMessageSchema = z.object({
  content: z
    .string()
    .trim()
    .min(1, 'Please type a message')
    .max(
      MAX_MESSAGE_LENGTH,
      `Your message is too long: please keep it under ${MAX_MESSAGE_LENGTH.toLocaleString('en-GB')} characters`,
    ),
});
export type AgentMessage = z.infer<typeof agentMessageSchema>;

/** What takeover, messages and handback answer: the conversation as the Live tab shows it. */
export const takeoverResponseSchema = z.object({ conversation: liveConversationSchema });
export type TakeoverResponse = z.infer<typeof takeoverResponseSchema>;
