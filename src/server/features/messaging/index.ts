/**
 * WhatsApp and SMS: the company's channels, sending to a tenant, and the tenant's messages in.
 * The chat answers a thread's messages (`answerMessagesWith`); viewings take replies to their
 * messages first (`handleInboundReplies`).
 * Code outside the feature uses only what is exported here.
 */
export { enquiryThread } from './enquiry-invite.ts';
export { answerMessagesWith, handleInboundReplies, type InboundMessage } from './inbound.ts';
export { lastOfferedOptions, sendToTenant } from './outbound.ts';
export { registerMessaging } from './routes.ts';
export { loadChannel } from './settings.ts';
export { pickNumberedOption } from './sms-text.ts';
