/**
 * The conversation store: every chat turn's writes (batched), the statements of a turn, the
 * stored state's shape, the per-process copy of an open conversation, the writes outside a turn
 * (leaving, coming back, a person's takeover) and the SQL that announces them to the live view;
 * the view other features' reports join instead of the table, and the parts of the chat's end and
 * the retention purge that touch conversations. No other file reads or writes the table.
 */
export { chatWrites } from './batched-writes.ts';
export {
  type CachedConversation,
  cachedConversation,
  forgetConversation,
  rememberConversation,
} from './conversation-cache.ts';
export {
  deltaPublisher,
  LIVE_CHANNEL,
  type LiveNotice,
  notifyAppendedSql,
  notifyEndedSql,
  publishLive,
} from './live-notices.ts';
export {
  CONVERSATION_VIEW,
  companyConversations,
  conversationView,
  DELETE_STALE_CONVERSATIONS,
  deleteConversationsSql,
  dueToEnd,
  endConversationSql,
  messagesOf,
  threadIds,
} from './reads.ts';
export { chatStatements } from './statements.ts';
export {
  appendForPerson,
  appendPersonMessage,
  backdate,
  deleteCompanyConversations,
  deleteConversations,
  findById,
  findBySessionKey,
  findHeldConversation,
  findOneOf,
  type HeldConversation,
  handBackConversation,
  insertConversation,
  latestThreadQuery,
  markLeft,
  markReturned,
  readForHandback,
  takeConversation,
  threadOf,
} from './store.ts';
export { readStoredState, type StoredState, toStoredState } from './stored-state.ts';
