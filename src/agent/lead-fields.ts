import { chosenProperty, guidedTurn, startConversation } from './dialogue.ts';
import { scoreLead } from './score.ts';
import { isFilled, leadAnswers, SLOT_ORDER, slotSpec } from './slots/index.ts';
import type { AgentContext, AgentState, LeadFields, SlotName } from './types.ts';

/**
 * The lead as stored and returned: dates as
 * dd/mm/yyyy (or the tenant's words), income as "£30,000 per year", the phone in E.164, the score
 * with its breakdown, and the property's details copied as they were at the time of the enquiry.
 */
export function toLeadFields(state: AgentState, context: AgentContext): LeadFields {
  const f = state.fields;
  const property = chosenProperty(context, f) ?? context.property;
  const { score, breakdown } = scoreLead({ fields: f, property, today: context.today });
  // Choosing a listing on the agency-wide link is an answer; a property link's own is not.
  const choseProperty = state.link === 'agency' && f.propertyId !== null;
  // Facts known before the chat (a portal enquiry's, a thread's number) are not the tenant's answers.
  const answeredAny = SLOT_ORDER.some(
    (slot) => slot !== 'propertyId' && isFilled(slot, f) && !state.known?.includes(slot),
  );
  return {
    ...leadAnswers(f, property),
    rating: String(score),
    score,
    scoreBreakdown: breakdown,
    personRequested: state.personRequested === true,
    hasAnyAnswer: choseProperty || answeredAny,
  };
}

/** What an agent's message asked for, read from its last question. */
export function inferAsking(aiMessage: string): SlotName | 'confirm' | null {
  const text = aiMessage.toLowerCase();
  if (
    /\b(summary|is (?:that|everything|this) (?:all )?(?:correct|right)|anything (?:you'?d like )?to change)\b/.test(
      text,
    )
  ) {
    return 'confirm';
  }
  const sentences = text.split(/(?<=[.!?])\s+/).filter((s) => s.includes('?'));
  const question = sentences[sentences.length - 1] ?? text;
  let best: { slot: SlotName; at: number } | null = null;
  for (const slot of SLOT_ORDER) {
    const m = slotSpec(slot).cue.exec(question);
    if (m && (best === null || m.index < best.at)) best = { slot, at: m.index };
  }
  return best?.slot ?? null;
}

/**
 * Rebuilds the agent's state from a transcript by replaying the tenant's messages through the
 * guided agent, taking what each of the agent's messages asked (whoever wrote them) as the
 * question the next answer replies to. Used to reprocess transcripts.
 */
export function extractFromTranscript(
  messages: ReadonlyArray<{ sender: string; content: string }>,
  context: AgentContext,
): AgentState {
  let state = startConversation(context).state;
  let isFirstAi = true;
  for (const message of messages) {
    if (state.stage === 'closed') break;
    // A notice (a person of the agency joined or left) says nothing about the tenant.
    if (message.sender === 'system') continue;
    // A person of the agency asks as the assistant does: what they asked makes a bare answer fit.
    if (message.sender === 'ai' || message.sender === 'agent') {
      // The opening was the start of this same replay; later messages say what was asked.
      if (!isFirstAi) {
        const asking = inferAsking(message.content);
        if (asking === 'confirm') state = { ...state, asking, stage: 'confirming' };
        else if (asking !== null) state = { ...state, asking };
      }
      isFirstAi = false;
      continue;
    }
    isFirstAi = false;
    state = guidedTurn(context, state, message.content).state;
  }
  return state;
}

/**
 * What the tenant told a person of the agency while they had the chat: each tenant message is
 * read as an answer, to whatever the person last asked (so "3" after "How many of you?" counts).
 * The person's own words are never taken as the tenant's answers.
 */
export function absorbTakeover(
  context: AgentContext,
  previous: AgentState,
  messages: ReadonlyArray<{ sender: string; content: string }>,
): AgentState {
  let state = previous;
  for (const message of messages) {
    if (state.stage === 'closed') break;
    if (message.sender === 'agent') {
      const asking = inferAsking(message.content);
      if (asking !== null && asking !== 'confirm') state = { ...state, asking };
    } else if (message.sender === 'user') {
      state = guidedTurn(context, state, message.content).state;
    }
  }
  return state;
}
