import { z } from 'zod';

/** The messaging channels a company can connect (DESIGN section 14). */
export const MESSAGING_CHANNELS = ['whatsapp', 'sms'] as const;
export type MessagingChannelName = (typeof MESSAGING_CHANNELS)[number];
export const CONVERSATION_CHANNELS = ['web', 'whatsapp', 'sms'] as const;
export type ConversationChannelName = (typeof CONVERSATION_CHANNELS)[number];

export const channelParamsSchema = z.object({
  id: z.string().min(1).max(100),
  channel: z.enum(MESSAGING_CHANNELS, { message: 'channel must be whatsapp or sms' }),
});

const templateName = z
  .string()
  .trim()
  .max(512)
  .regex(/^[a-z0-9_]*$/, 'Template names are lower-case letters, digits and underscores, as in Meta')
  .nullish()
  .transform((value) => value || null);

const E164 = /^\+[1-9]\d{6,14}$/;
const MESSAGING_SERVICE = /^MG[0-9a-fA-F]{32}$/;

export const smsChannelRequestSchema = z.object({
  accountSid: z
    .string()
    .trim()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'The account SID starts with AC followed by 32 letters and digits'),
  authToken: z.string().trim().min(16, 'The auth token is 32 characters, from the Twilio console').max(200),
  from: z
    .string()
    .trim()
    .refine(
      (value) => E164.test(value.replace(/\s+/g, '')) || MESSAGING_SERVICE.test(value),
      'From is a number in international form (+447700900123) or a messaging service SID (MG…)',
    )
    .transform((value) => (value.startsWith('MG') ? value : value.replace(/\s+/g, ''))),
});
export type SmsChannelRequest = z.input<typeof smsChannelRequestSchema>;

export const whatsappChannelRequestSchema = z.object({
  phoneNumberId: z
    .string()
    .trim()
    .regex(/^\d{5,30}$/, 'The phone number ID is the number Meta shows under WhatsApp, API setup'),
  accessToken: z.string().trim().min(20, 'Paste the access token from Meta').max(1000),
  appSecret: z.string().trim().min(16, "Paste the app secret from the Meta app's basic settings").max(200),
  enquiryInvite: templateName,
  viewingReminder: templateName,
});
export type WhatsAppChannelRequest = z.input<typeof whatsappChannelRequestSchema>;

export const channelSettingsSchema = z.object({
  channel: z.enum(MESSAGING_CHANNELS),
  connected: z.boolean(),
  /** Where the provider posts messages and statuses (paste it into Twilio or Meta). */
  webhookUrl: z.string(),
  /** SMS: where Twilio posts delivery statuses (set automatically on each message). */
  statusCallbackUrl: z.string().nullable(),
  /** WhatsApp: the token Meta asks for when the webhook is set up. */
  verifyToken: z.string().nullable(),
  accountSid: z.string().nullable(),
  from: z.string().nullable(),
  phoneNumberId: z.string().nullable(),
  enquiryInvite: z.string().nullable(),
  viewingReminder: z.string().nullable(),
  /** The secrets, masked: "••••1a2b". Never the secret itself. */
  authToken: z.string().nullable(),
  accessToken: z.string().nullable(),
  appSecret: z.string().nullable(),
  /** No provider is connected and this is not production: messages go to /dev/messages. */
  devOutbox: z.boolean(),
});
export type ChannelSettingsDto = z.infer<typeof channelSettingsSchema>;

/** What to type for a test message's number, when the one typed cannot be a mobile number. */
export const MOBILE_NUMBER_HINT = 'Type a mobile number, e.g. 07700 900123 or +447700900123';

/** A test message's number: empty asks for one; too short or too long says what one looks like. */
export const testMessageRequestSchema = z.object({
  to: z
    .string()
    .trim()
    .min(1, 'Type the mobile number to send the test to')
    .min(6, MOBILE_NUMBER_HINT)
    .max(30, MOBILE_NUMBER_HINT),
});

export const testMessageResponseSchema = z.object({
  status: z.string(),
  to: z.string(),
});

export const CHANNEL_MESSAGE_STATUSES = [
  'received',
  'queued',
  'sent',
  'delivered',
  'read',
  'failed',
] as const;

export const channelMessageSchema = z.object({
  id: z.string(),
  direction: z.enum(['in', 'out']),
  channel: z.enum(MESSAGING_CHANNELS),
  body: z.string(),
  status: z.enum(CHANNEL_MESSAGE_STATUSES),
  error: z.string().nullable(),
  at: z.string(),
});
export type ChannelMessageDto = z.infer<typeof channelMessageSchema>;

export const channelThreadSchema = z.object({ messages: z.array(channelMessageSchema) });
