// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { ChatMessageDto } from '#shared/schemas/chat.ts';
import { MessageList } from './message-list.tsx';

afterEach(cleanup);

const at = '2026-03-01T10:00:00.000Z';
const messages: ChatMessageDto[] = [
  { id: '1', sender: 'ai', content: 'When would you like to move in?', timestamp: at },
  { id: '2', sender: 'user', content: 'Can I talk to a person?', timestamp: at },
  { id: '3', sender: 'system', content: 'Sam from Harbour Lettings has joined', timestamp: at },
  { id: '4', sender: 'agent', name: 'Sam', content: 'Hi, Sam here. How can I help?', timestamp: at },
];

describe('the chat log', () => {
  test("shows who joined, and a person's messages under their name", () => {
    render(<MessageList messages={messages} isTyping={false} />);
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(log.textContent).toContain('Sam from Harbour Lettings has joined');
    const said = screen.getByText('Hi, Sam here. How can I help?').parentElement!;
    expect(said.textContent).toMatch(/^Sam said:/);
    expect(screen.getByText('Can I talk to a person?').parentElement!.textContent).toMatch(/^You said:/);
  });

  test('shows a reply as it is being written, in place of the typing dots', () => {
    const { rerender } = render(<MessageList messages={messages.slice(0, 2)} isTyping draft="" />);
    expect(screen.getByRole('status').textContent).toContain('AI Assistant is typing');
    rerender(<MessageList messages={messages.slice(0, 2)} isTyping draft="Thanks! Parking is" />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Thanks! Parking is')).toBeTruthy();
    rerender(
      <MessageList messages={messages.slice(0, 2)} isTyping draft="Thanks! Parking is on the street." />,
    );
    expect(screen.getByText('Thanks! Parking is on the street.')).toBeTruthy();
  });

  test('says who of the agency is typing', () => {
    render(<MessageList messages={messages} isTyping={false} typingName="Sam" />);
    expect(screen.getByRole('status').textContent).toContain('Sam is typing');
  });
});
