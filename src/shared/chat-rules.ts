/**
 * The chat's rules that the page needs too. Kept apart from the zod schemas so that the public
 * chat page, which must stay small on a phone, does not load zod to read two constants.
 */

/** The longest message a tenant may send in one turn. */
export const MAX_MESSAGE_LENGTH = 2000;

/** Phrases of the closing sentence that trigger the page's automatic save. */
export const AUTO_SAVE_PHRASES = [
  'we will be in touch to book the viewing',
  'have a great day',
  'thank you for confirming the information',
] as const;

export function isClosingMessage(text: string): boolean {
  const lower = text.toLowerCase();
  return AUTO_SAVE_PHRASES.some((phrase) => lower.includes(phrase));
}

/**
 * The quick reply that confirms the summary of the tenant's answers. While it is offered it is the
 * one way on: the page then shows no Submit Request beside it, which would do the same.
 */
export const SUMMARY_CONFIRM_REPLY = "Yes, that's right";
