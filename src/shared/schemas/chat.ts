import { z } from 'zod';
import { MAX_MESSAGE_LENGTH } from '#shared/chat-rules.ts';
import { propertyPhotoSchema } from '#shared/schemas/images.ts';
import { companySchema } from './auth.ts';
import { chatSourceSchema } from './enquiries.ts';
import { bookedViewingSchema } from './viewings.ts';

/** "No value": the spec's clients send `null` or `""` as readily as leaving a field out. */
const optionalKey = z
  .string()
  .max(200)
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * `user` is the tenant, `ai` the assistant, `agent` a person of the agency who took the chat over
 * (with their first `name`), `system` a notice that one joined or left.
 */
export const chatMessageSchema = z.object({
  id: z.string(),
  sender: z.enum(['user', 'ai', 'agent', 'system']),
  content: z.string(),
  timestamp: z.string(),
  name: z.string().optional(),
});
export type ChatMessageDto = z.infer<typeof chatMessageSchema>;

/** A property as anyone holding its link may see it: never the landlord or the company's counts. */
export const publicPropertySchema = z.object({
  slug: z.string(),
  name: z.string(),
  address: z.string(),
  rentalPrice: z.string().nullable(),
  bedrooms: z.number().int().nullable(),
  parking: z.string().nullable(),
  vacancyDate: z.string().nullable(),
  /** The listing's photos in order (public advert pictures); the header shows the first. */
  photos: z.array(propertyPhotoSchema),
});
export type PublicProperty = z.infer<typeof publicPropertySchema>;

/** GET /api/companies/slug/{slug}?propertySlug=…: what the chat page shows in its header. */
export const publicCompanyQuerySchema = z.object({ propertySlug: optionalKey });
export const publicCompanySchema = z.object({
  name: z.string(),
  slug: z.string(),
  /** The property of a property link; null on the agency-wide link. */
  property: publicPropertySchema.nullable(),
  /**
   * The link named a listing the agency no longer has (deleted, or a mistyped slug): the page
   * says so and offers the agency-wide chat, with its other listings, instead.
   */
  isListingGone: z.boolean(),
});
export type PublicCompany = z.infer<typeof publicCompanySchema>;

/** GET /api/companies/slug/{slug}/contact: the agency's own contact details, for the holding page. */
export const publicCompanyContactSchema = companySchema.pick({ name: true, email: true, phone: true });
export type PublicCompanyContact = z.infer<typeof publicCompanyContactSchema>;

/** GET /api/companies/slug/{slug}/usage-check: whether a new conversation can start. */
export const usageCheckSchema = z.object({ canProcess: z.boolean() });
export type UsageCheck = z.infer<typeof usageCheckSchema>;

export const companySlugParamsSchema = z.object({ slug: z.string().min(1).max(255) });
export const chatParamsSchema = z.object({ companySlug: z.string().min(1).max(255) });

/**
 * POST /api/chat/{companySlug}: one turn.
 *
 * - A request without `userSessionKey` (left out, `null` or `""`) starts a conversation and
 *   spends nothing yet; at zero credits it answers 429 `{ redirectToHoldingPage: true }`.
 * - Starting with `message: ""` asks only for the greeting: the answer is the assistant's
 *   welcome and the new `sessionKey`. Starting with a real message answers that message.
 * - `conversationHistory` is read only on that first request (for clients that keep the chat
 *   themselves): its answers seed the new conversation. With a `userSessionKey` the server's own
 *   record is the truth, and `conversationHistory` and `propertySlug` are ignored.
 */
export const chatRequestSchema = z.object({
  message: z
    .string()
    .max(
      MAX_MESSAGE_LENGTH,
      `Your message is too long: please keep it under ${MAX_MESSAGE_LENGTH.toLocaleString('en-GB')} characters`,
    ),
  conversationHistory: z
    .array(z.object({ sender: z.enum(['user', 'ai']), content: z.string().max(10_000) }))
    .max(500)
    .optional(),
  userSessionKey: optionalKey,
  propertySlug: optionalKey,
  /** The link's `?src=` (rightmove, website, …): read on the first request only. */
  src: chatSourceSchema.nullish().transform((value) => value ?? null),
  /** The link's `?t=` from an enquiry reply: the chat then knows the name, email and phone. */
  enquiryToken: z
    .string()
    .max(500)
    .nullish()
    .transform((value) => value || null),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;
export type ParsedChatRequest = z.output<typeof chatRequestSchema>;

export const chatResponseSchema = z.object({
  response: z.string(),
  sessionKey: z.string(),
  /** Buttons for answers with few likely values; free text always works too. */
  quickReplies: z.array(z.string()),
  /** True once the assistant has said its closing sentence: the page then saves the chat. */
  isComplete: z.boolean(),
  /** The viewing the assistant booked in this turn: `{ id, startsAt, label, manageUrl }`. */
  viewing: bookedViewingSchema.optional(),
  /**
   * A person of the agency has the chat: the message was stored and passed to them, and the
   * assistant does not answer (`response` is empty). Their replies come on the events stream.
   */
  takenOver: z.literal(true).optional(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

/** The 429 a new conversation meets at zero credits. */
export const outOfCreditsSchema = z.object({
  message: z.string(),
  redirectToHoldingPage: z.literal(true),
});

/**
 * GET /api/chat/{companySlug}/conversation?sessionKey=…: the stored conversation, so that a
 * refreshed page carries on where it was. Coming back also cancels a pending unload end.
 */
export const conversationQuerySchema = z.object({ sessionKey: z.string().min(1).max(200) });
export const conversationSchema = z.object({
  sessionKey: z.string(),
  messages: z.array(chatMessageSchema),
  quickReplies: z.array(z.string()),
  isComplete: z.boolean(),
  /** Ended conversations cannot take more messages: the page starts a new one. */
  isEnded: z.boolean(),
  /** The first name of the person of the agency who has the chat, or null. */
  takenOverBy: z.string().nullable(),
});
export type ConversationDto = z.infer<typeof conversationSchema>;

/**
 * Why the chat ends: `submit` (Submit Request), `auto` (the automatic save after the closing
 * sentence) and a request without a reason end it at once. `unload` (the page's beacon) ends it
 * shortly after unless the tenant comes back: a page refresh must not end a chat under way.
 */
export const endReasons = ['submit', 'auto', 'unload'] as const;
export type EndReason = (typeof endReasons)[number];

/**
 * POST /api/chat/{companySlug}/end. Sent as `application/json`, or as the `text/plain` body
 * that `navigator.sendBeacon` sends (the same JSON as text).
 */
export const endChatRequestSchema = z.object({
  userSessionKey: z.string().min(1, 'userSessionKey is required').max(200),
  reason: z.enum(endReasons).optional(),
  conversationHistory: z
    .array(z.object({ sender: z.string(), content: z.string() }))
    .max(500)
    .optional(),
  propertySlug: optionalKey,
});
export type EndChatRequest = z.input<typeof endChatRequestSchema>;
export type ParsedEndChatRequest = z.output<typeof endChatRequestSchema>;

export const endChatResponseSchema = z.object({
  /** The conversation had already ended before this request. */
  alreadyEnded: z.boolean(),
  /** Its transcript had already been turned into lead data before this request. */
  alreadyProcessed: z.boolean(),
  /** This request created the lead. */
  leadCreated: z.boolean(),
});
export type EndChatResponse = z.infer<typeof endChatResponseSchema>;

export const reprocessResponseSchema = z.object({ message: z.string() });
