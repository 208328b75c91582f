/**
 * Viewing times, bookings (in the chat, by the agent, on the manage page) and the messages
 * before a viewing.
 * Code outside the feature uses only what is exported here.
 */
export { toAgentViewing } from './agent-viewings.ts';
export { bookChatTime, chatViewingTimes, completeViewingContact, toBookedViewing } from './chat-booking.ts';
export { cancelPropertyViewings } from './manage.ts';
export { registerViewings } from './routes.ts';
