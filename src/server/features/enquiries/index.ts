/**
 * Portal enquiry emails: received, answered, and followed into a chat.
 * Code outside the feature uses only what is exported here.
 */
export { readChatOrigin } from './chat-origin.ts';
export { CHAT_TOKEN_DAYS, signChatToken } from './chat-token.ts';
export { ENQUIRY_CHANNEL_INVITE_JOB, markEnquiryChatted } from './replies.ts';
export { registerEnquiries } from './routes.ts';
