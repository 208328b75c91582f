import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '#server/db/schema.ts';
import { londonParts } from '#shared/format.ts';

const SPEAKERS = { user: 'Tenant', ai: 'AI Assistant', agent: 'Agent', system: 'Notice' } as const;

/** "Agent Sam" for a person of the agency, else the sender's label. */
function speaker(message: ChatMessage): string {
  return message.sender === 'agent' && message.name ? `Agent ${message.name}` : SPEAKERS[message.sender];
}

function stamp(iso: string): string {
  const parts = londonParts(iso);
  if (!parts) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(parts.day)}/${pad(parts.month)}/${parts.year} ${pad(parts.hour)}:${pad(parts.minute)}`;
}

/** A readable file name: the company, the London date and time, and a short unique suffix. */
export function transcriptFileName(companySlug: string, startedAt: string, conversationId: string): string {
  const parts = londonParts(startedAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  const when = parts
    ? `${parts.year}-${pad(parts.month)}-${pad(parts.day)}-${pad(parts.hour)}${pad(parts.minute)}`
    : '';
  return `chat-${companySlug}-${when}-${conversationId.slice(0, 8)}.txt`;
}

/**
 * The transcript as plain text, one message per block: `[dd/mm/yyyy hh:mm] Speaker: text`. Lines
 * of a multi-line message follow indented, so `parseTranscript` can read it back.
 */
export function formatTranscript(input: {
  companyName: string;
  propertyName: string | null;
  messages: ChatMessage[];
}) {
  const header = [
    `Chat with ${input.companyName}`,
    `Property: ${input.propertyName ?? 'any (agency link)'}`,
    '',
  ];
  const body = input.messages.map((m) => {
    const [first, ...rest] = m.content.split('\n');
    return [`[${stamp(m.timestamp)}] ${speaker(m)}: ${first}`, ...rest.map((line) => `    ${line}`)].join(
      '\n',
    );
  });
  return [...header, ...body].join('\n');
}

const LINE = /^\[([^\]]*)\] (Tenant|AI Assistant|Notice|Agent(?: [^:]+)?): (.*)$/;

function senderOf(label: string): Pick<ChatMessage, 'sender' | 'name'> {
  if (label === 'Tenant') return { sender: 'user' };
  if (label === 'Notice') return { sender: 'system' };
  if (label.startsWith('Agent')) {
    const name = label.slice('Agent '.length);
    return name ? { sender: 'agent', name } : { sender: 'agent' };
  }
  return { sender: 'ai' };
}

/** Reads a transcript written by `formatTranscript` back into messages (for reprocessing). */
export function parseTranscript(content: string): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const line of content.split('\n')) {
    const match = LINE.exec(line);
    if (match) {
      const [, when, label, text] = match;
      messages.push({
        id: randomUUID(),
        ...senderOf(label ?? ''),
        content: text ?? '',
        timestamp: ukStampToIso(when ?? ''),
      });
    } else if (messages.length > 0 && line.startsWith('    ')) {
      const last = messages[messages.length - 1]!;
      last.content += `\n${line.slice(4)}`;
    }
  }
  return messages;
}

function ukStampToIso(when: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(when);
  if (!match) return new Date(0).toISOString();
  const [, day, month, year, hour, minute] = match.map(Number) as number[];
  // London wall-clock time; within an hour is precise enough for re-reading answers.
  return new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!)).toISOString();
}
