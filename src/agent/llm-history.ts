import type { ModelMessage } from 'ai';
import type { TurnOptions } from './types.ts';

/*
 * The conversation as the model reads it, within a token budget. Tokens are estimated, not
 * counted: about four characters a token in English, plus a few for each message's framing,
 * which errs on the generous side for the short messages of a chat.
 */

export type HistoryMessage = NonNullable<TurnOptions['history']>[number];

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4) + 4;
}

function toModelMessage(message: HistoryMessage, companyName: string): ModelMessage {
  switch (message.role) {
    case 'tenant':
      return { role: 'user', content: message.content };
    case 'assistant':
      return { role: 'assistant', content: message.content };
    case 'agent':
      // A person from the agency wrote this while they had taken the chat over.
      return {
        role: 'assistant',
        content: `(A member of the ${companyName} team wrote:) ${message.content}`,
      };
  }
}

/**
 * The newest turns that fit in `budget` tokens beside the instructions, oldest first, then the
 * tenant's new message, which is always sent (as are the instructions, whatever their size).
 */
export function conversationMessages(input: {
  history: readonly HistoryMessage[];
  message: string;
  companyName: string;
  budget: number;
  systemTokens: number;
}): ModelMessage[] {
  let left = input.budget - input.systemTokens - estimateTokens(input.message);
  const kept: ModelMessage[] = [];
  for (let i = input.history.length - 1; i >= 0; i -= 1) {
    const message = input.history[i];
    const cost = estimateTokens(message.content);
    if (cost > left) break;
    left -= cost;
    kept.push(toModelMessage(message, input.companyName));
  }
  return [...kept.reverse(), { role: 'user', content: input.message }];
}
