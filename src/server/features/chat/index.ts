/**
 * The chat: a tenant's conversation with the assistant, on the web and on a messaging thread, and
 * its end. Code outside the feature uses only what is exported here.
 */
export { findConversation, handleChatTurn, message, personName } from './conversation.ts';
export { endConversation, finaliseIdleConversations, sinceLastNotice } from './end-conversation.ts';
export { agentContext, conversationProperty } from './engine.ts';
export { endChat } from './public.ts';
export { registerChat } from './routes.ts';
export { formatTranscript, transcriptFileName } from './transcript.ts';
