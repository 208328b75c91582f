import { parseConfirmation } from './reading.ts';
import { likelyMeantEmail } from './slots/email.ts';
import type { AgentState, SlotName } from './types.ts';

/*
 * An address at a likely misspelt provider ("sarah@gmial.com") is kept as typed and the tenant is
 * asked once "Did you mean sarah@gmail.com?": a yes, or the suggested address typed, takes it; a
 * no, the same address again or any other answer keeps the typed one. The guided agent and the
 * LLM agent both open the check where an address is given, and the next turn settles it.
 */

/** The question that checks the address. */
export function emailCheckQuestion(state: AgentState): string | null {
  return state.emailCheck?.isOpen ? `Did you mean ${state.emailCheck.meant}?` : null;
}

export const EMAIL_CHECK_REPLIES = ['Yes', "No, it's right"] as const;

/**
 * The address just given is checked when its domain looks like a slip; never one already asked
 * about ("ask once"), so typing it again keeps it.
 */
export function openEmailCheck(state: AgentState): void {
  const typed = state.fields.email;
  if (!typed || state.emailCheck?.typed === typed) return;
  const meant = likelyMeantEmail(typed);
  if (meant) state.emailCheck = { typed, meant, isOpen: true };
}

/**
 * The answer to last turn's check, settled: a yes takes the suggested address (true: the address
 * was changed); a no, or the typed address given again, keeps it as the tenant's word, and the
 * email counts as answered (`updated`); any other reply leaves the typed address as it is.
 */
export function settleEmailCheck(
  previous: AgentState,
  state: AgentState,
  message: string,
  given: string | null | undefined,
  updated: SlotName[],
): boolean {
  const check = previous.emailCheck;
  if (!check?.isOpen) return false;
  state.emailCheck = { ...check, isOpen: false };
  const answered = () => {
    if (!updated.includes('email')) updated.push('email');
  };
  if (given) {
    if (given === check.typed) answered();
    return false;
  }
  const intent = parseConfirmation(message);
  if (intent === 'yes' && state.fields.email === check.typed) {
    state.fields.email = check.meant;
    answered();
    return true;
  }
  if (intent === 'no') answered();
  return false;
}
