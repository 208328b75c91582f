import type { TurnOptions } from '#agent/types.ts';

/*
 * The conversation as the model reads it, within a token budget. Tokens are estimated, not
 * counted: about four characters a token in English, plus a few for each message's framing,
 * which errs on the generous side for the short messages of a chat.
 */

export type HistoryMessage = NonNullable<TurnOptions['history']>[number];

/** A message as the model reads it (assignable to the AI SDK's `ModelMessage`). */
export type TextMessage = { role: 'user' | 'assistant'; content: string };

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4) + 4;
}

function toModelMessage(message: HistoryMessage, companyName: string): TextMessage {
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
 * Some providers (Anthropic on Bedrock, several self-hosted chat templates) refuse a conversation
 * that opens with the assistant or has two messages of one side in a row: what is sent starts
 * with the tenant, and consecutive messages of one side are joined.
 */
export function conversationMessages(input: {
  history: readonly HistoryMessage[];
  message: string;
  companyName: string;
  budget: number;
  systemTokens: number;
}): TextMessage[] {
  let left = input.budget - input.systemTokens - estimateTokens(input.message);
  const kept: TextMessage[] = [];
  for (let i = input.history.length - 1; i >= 0; i -= 1) {
    const message = input.history[i];
    const cost = estimateTokens(message.content);
    if (cost > left) break;
    left -= cost;
    kept.push(toModelMessage(message, input.companyName));
  }
  const messages: TextMessage[] = [...kept.reverse(), { role: 'user', content: input.message }];
  const joined: TextMessage[] = [];
  for (const message of messages.slice(messages.findIndex((m) => m.role === 'user'))) {
    const previous = joined.at(-1);
    if (previous?.role === message.role) previous.content = `${previous.content}\n\n${message.content}`;
    else joined.push({ ...message });
  }
  return joined;
}
