import { emptyFields } from '#agent/slots/index.ts';
import { moveInOn, moveInWords } from '#agent/slots/move-in.ts';
import type { AgentState, SlotName } from '#agent/types.ts';

/**
 * What `conversations.state` holds: the agent's own state plus the little the chat feature keeps
 * between turns. Versioned so that a later shape can read older rows.
 */
export type StoredState = {
  version: 1;
  agent: AgentState;
  /** The quick replies of the last assistant message, for a page that resumes after a refresh. */
  quickReplies: string[];
  /** When the tenant's last few messages arrived (ISO), for the per-conversation rate limit. */
  recentMessages: string[];
  /** Set by the page's unload beacon; cleared when the tenant comes back. */
  leftAt: string | null;
  /** Where the chat came from (`?src=`, an enquiry reply's link): carried to the lead. */
  origin?: { source: string | null; enquiryId: string | null };
};

export function toStoredState(
  agent: AgentState,
  previous: Partial<StoredState> = {},
  changes: Partial<Omit<StoredState, 'version' | 'agent'>> = {},
): StoredState {
  return {
    version: 1,
    agent,
    quickReplies: changes.quickReplies ?? previous.quickReplies ?? [],
    recentMessages: changes.recentMessages ?? previous.recentMessages ?? [],
    leftAt: changes.leftAt !== undefined ? changes.leftAt : (previous.leftAt ?? null),
    ...((changes.origin ?? previous.origin) ? { origin: changes.origin ?? previous.origin } : {}),
  };
}

/**
 * The agent's state as conversations under way may hold it: before the move-in was one field, it
 * was a date (`moveInDate`) or the tenant's words (`moveInText`), and its slot was `moveInDate`;
 * a slot added since is absent.
 */
type OlderAgentState = Omit<AgentState, 'fields' | 'asking' | 'refused'> & {
  fields: Partial<AgentState['fields']> & { moveInDate?: string | null; moveInText?: string | null };
  asking: AgentState['asking'] | 'moveInDate';
  refused: Array<SlotName | 'moveInDate'>;
};

/** The agent's state in today's shape, whichever shape it was stored in. */
export function upgradeAgentState(agent: OlderAgentState): AgentState {
  const { moveInDate, moveInText, ...fields } = agent.fields;
  const slot = (name: SlotName | 'moveInDate'): SlotName => (name === 'moveInDate' ? 'moveIn' : name);
  return {
    ...agent,
    fields: {
      ...emptyFields(),
      ...fields,
      moveIn:
        fields.moveIn ?? (moveInDate ? moveInOn(moveInDate) : moveInText ? moveInWords(moveInText) : null),
    },
    asking: agent.asking === 'moveInDate' ? 'moveIn' : agent.asking,
    refused: agent.refused.map(slot),
  };
}

export function readStoredState(raw: Record<string, unknown>): StoredState | null {
  const state = raw as Partial<Omit<StoredState, 'agent'> & { agent: OlderAgentState }>;
  if (state.version !== 1 || !state.agent) return null;
  return {
    version: 1,
    agent: upgradeAgentState(state.agent),
    quickReplies: Array.isArray(state.quickReplies) ? state.quickReplies : [],
    recentMessages: Array.isArray(state.recentMessages) ? state.recentMessages : [],
    leftAt: typeof state.leftAt === 'string' ? state.leftAt : null,
    ...(state.origin ? { origin: state.origin } : {}),
  };
}
