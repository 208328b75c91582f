/**
 * The conversation store: every chat turn's writes (batched), the statements of a turn, the
 * stored state's shape, the per-process copy of an open conversation, the writes outside a turn
 * (leaving, coming back, a person's takeover) and the SQL that announces them to the live view.
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
export { chatStatements } from './statements.ts';
export {
  appendForPerson,
  appendPersonMessage,
  findHeldConversation,
  type HeldConversation,
  handBackConversation,
  markLeft,
  markReturned,
  readForHandback,
  takeConversation,
} from './store.ts';
export { readStoredState, type StoredState, toStoredState } from './stored-state.ts';
