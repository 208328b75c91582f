import { createGuidedEngine } from '#agent/dialogue.ts';
import type {
  AgentContext,
  AgentProperty,
  AgentReply,
  AgentState,
  ConversationEngine,
  ExtractedFields,
} from '#agent/types.ts';
import { corpusToday } from './case.ts';
import { allProperties, companyName } from './fixtures.ts';

/** A chat opened from one listing's own link, on the corpus's day unless another is given. */
export function propertyLink(property: AgentProperty, today = corpusToday): AgentContext {
  return { companyName, property, properties: allProperties, today };
}

/** A chat opened from the agency-wide link: the tenant picks among every listing. */
export function agencyLink(today = corpusToday): AgentContext {
  return { companyName, property: null, properties: allProperties, today };
}

/** As the server does: once the tenant picks a listing on the agency link, it is the context's property. */
export function contextForTurn(context: AgentContext, state: AgentState): AgentContext {
  if (context.property || state.fields.propertyId === null) return context;
  return { ...context, property: context.properties.find((p) => p.id === state.fields.propertyId) ?? null };
}

const guidedEngine = createGuidedEngine();

type PlayOptions = {
  /** The guided engine unless another is given. */
  engine?: ConversationEngine;
  /** Facts from before the chat (a portal enquiry). */
  known?: Partial<ExtractedFields>;
};

/** Plays the tenant's messages in order and returns every reply, the opening first. */
export async function playChat(
  context: AgentContext,
  messages: string[],
  { engine = guidedEngine, known }: PlayOptions = {},
): Promise<AgentReply[]> {
  const replies = [engine.start(context, known)];
  for (const message of messages) {
    const { state } = replies[replies.length - 1];
    replies.push(await engine.reply(contextForTurn(context, state), state, message));
  }
  return replies;
}

/** Plays the tenant's messages in order and returns the reply to the last one. */
export async function lastReply(
  context: AgentContext,
  messages: string[],
  options?: PlayOptions,
): Promise<AgentReply> {
  const replies = await playChat(context, messages, options);
  return replies[replies.length - 1];
}
