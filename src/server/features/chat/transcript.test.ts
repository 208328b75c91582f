import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '#server/db/schema.ts';
import { formatTranscript, parseTranscript, transcriptFileName } from './transcript.ts';

const messages: ChatMessage[] = [
  {
    id: '1',
    sender: 'ai',
    content: 'Hi! When would you like to move in?',
    timestamp: '2026-07-01T14:05:00.000Z',
  },
  { id: '2', sender: 'user', content: 'ASAP\nand is there parking?', timestamp: '2026-07-01T14:06:00.000Z' },
  { id: '3', sender: 'ai', content: 'Tenant: is not a speaker here', timestamp: '2026-07-01T14:06:30.000Z' },
  {
    id: '4',
    sender: 'system',
    content: 'Sam from Harbour Lettings has joined',
    timestamp: '2026-07-01T14:07:00.000Z',
  },
  {
    id: '5',
    sender: 'agent',
    name: 'Sam',
    content: 'Hi, parking is on the street.\nAny other questions?',
    timestamp: '2026-07-01T14:07:30.000Z',
  },
];

describe('transcripts', () => {
  it('reads as plain text, with London times', () => {
    const text = formatTranscript({ companyName: 'Harbour Lettings', propertyName: null, messages });
    expect(text).toContain('Chat with Harbour Lettings');
    expect(text).toContain('Property: any (agency link)');
    expect(text).toContain('[01/07/2026 15:05] AI Assistant: Hi! When would you like to move in?');
    expect(text).toContain('[01/07/2026 15:06] Tenant: ASAP\n    and is there parking?');
    expect(text).toContain('[01/07/2026 15:07] Notice: Sam from Harbour Lettings has joined');
    expect(text).toContain('[01/07/2026 15:07] Agent Sam: Hi, parking is on the street.\n    Any other');
  });

  it('reads back into the same speakers and words', () => {
    const text = formatTranscript({ companyName: 'Harbour Lettings', propertyName: 'Flat 1', messages });
    const parsed = parseTranscript(text);
    expect(parsed.map((m) => [m.sender, m.name, m.content])).toEqual(
      messages.map((m) => [m.sender, m.name, m.content]),
    );
  });

  it('names the file after the company and the London start time', () => {
    expect(transcriptFileName('harbour', '2026-01-05T09:30:00.000Z', 'abcdef12-3456')).toBe(
      'chat-harbour-2026-01-05-0930-abcdef12.txt',
    );
  });
});
