import { z } from 'zod';
import { CHAT_SOURCE_PATTERN } from '#shared/chat-source.ts';

/** Where a portal or email enquiry came from. */
export const enquirySources = ['rightmove', 'zoopla', 'onthemarket', 'email'] as const;
export type EnquirySource = (typeof enquirySources)[number];

export const enquiryStatuses = ['invited', 'chatted', 'no_response'] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

/** A chat link's `?src=` (see chat-source.ts). */
export const chatSourceSchema = z
  .string()
  .regex(CHAT_SOURCE_PATTERN, 'src must be a lower-case slug of up to 30 characters');

export const enquirySchema = z.object({
  id: z.string(),
  source: z.enum(enquirySources),
  status: z.enum(enquiryStatuses),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  propertyId: z.string().nullable(),
  propertyName: z.string().nullable(),
  listing: z.object({
    address: z.string().nullable(),
    postcode: z.string().nullable(),
    price: z.string().nullable(),
    reference: z.string().nullable(),
  }),
  /** When the reply with the chat link went out; null while queued or when none is sent. */
  repliedAt: z.string().nullable(),
  /** Why no reply is sent (an auto-reply, a repeat within 24 hours, …), when none is. */
  replySkippedReason: z.string().nullable(),
  followedUpAt: z.string().nullable(),
  leadId: z.string().nullable(),
  receivedAt: z.string(),
});
export type EnquiryDto = z.infer<typeof enquirySchema>;

export const inboundMessageKinds = [
  'enquiry',
  'auto_reply',
  'bounce',
  'own_address',
  'unrecognised',
] as const;

/** Mail to the inbound address that made no enquiry: kept for the agent to read. */
export const inboundMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(inboundMessageKinds),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  text: z.string(),
  receivedAt: z.string(),
});
export type InboundMessageDto = z.infer<typeof inboundMessageSchema>;

/** GET /api/companies/{id}/enquiries */
export const enquiriesResponseSchema = z.object({
  /** The company's private address for portal emails; null when INBOUND_DOMAIN is not set. */
  inboundAddress: z.string().nullable(),
  /** The website widget's script tag for this agency, to paste into its own site. */
  widgetSnippet: z.string(),
  enquiries: z.array(enquirySchema),
  /** The latest messages that were not enquiries (auto-replies, bounces, anything unrecognised). */
  otherMessages: z.array(inboundMessageSchema),
});
export type EnquiriesResponse = z.infer<typeof enquiriesResponseSchema>;

/** POST /api/inbound/email: what the webhook answers. */
export const inboundEmailResponseSchema = z.object({
  kind: z.enum(inboundMessageKinds),
  enquiryId: z.string().nullable(),
  isDuplicate: z.boolean(),
});
export type InboundEmailResponse = z.infer<typeof inboundEmailResponseSchema>;
